import { createHmac, timingSafeEqual } from 'node:crypto';
import busboy from 'busboy';
import type { LocalCredentials } from './sigv4.ts';

/** An S3 error as S3 names it (the gate answers it in S3's XML shape). */
export interface S3Failure {
  status: number;
  code: string;
  message: string;
}

export interface PostForm {
  /** Form fields before the file, names as sent. */
  fields: Map<string, string>;
  fileSize: number;
}

const deny = (message: string): S3Failure => ({ status: 403, code: 'AccessDenied', message });
const invalid = (message: string): S3Failure => ({ status: 400, code: 'InvalidPolicyDocument', message });

/** Reads the fields and measures the file of a browser's POST upload (the file part itself is not kept). */
export function parsePostForm(contentType: string, body: Buffer): Promise<PostForm> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    let fileSize = -1;
    const parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 100 } });
    parser.on('field', (name, value) => {
      // Like S3, fields after the file are ignored.
      if (fileSize < 0) fields.set(name, value);
    });
    parser.on('file', (_name, stream) => {
      fileSize = 0;
      stream.on('data', (chunk: Buffer) => {
        fileSize += chunk.length;
      });
    });
    parser.on('close', () => resolve({ fields, fileSize }));
    parser.on('error', reject);
    parser.end(body);
  });
}

function field(form: PostForm, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of form.fields) if (key.toLowerCase() === lower) return value;
  return undefined;
}

function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const kDate = createHmac('sha256', `AWS4${secret}`).update(date).digest();
  const kRegion = createHmac('sha256', kDate).update(region).digest();
  const kService = createHmac('sha256', kRegion).update(service).digest();
  return createHmac('sha256', kService).update('aws4_request').digest();
}

type Condition = Record<string, unknown> | unknown[];

/**
 * Checks a POST upload as S3 does: the policy's SigV4 signature with the runtime's key pair, its expiration,
 * and every condition (exact matches, starts-with, content-length-range) against the form and the file; every
 * field sent must be named by a condition. Returns undefined when the upload may go through.
 */
export function checkPostPolicy(
  bucket: string,
  form: PostForm,
  credentials: LocalCredentials,
  now: Date = new Date(),
): S3Failure | undefined {
  const policyText = field(form, 'policy');
  const signature = field(form, 'x-amz-signature');
  const credential = field(form, 'x-amz-credential');
  if (!policyText || !signature || !credential) return deny('Missing policy, credential or signature.');
  if (field(form, 'x-amz-algorithm') !== 'AWS4-HMAC-SHA256') return deny('Unsupported algorithm.');
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  if (
    accessKeyId !== credentials.accessKeyId ||
    !date ||
    !region ||
    service !== 's3' ||
    terminator !== 'aws4_request'
  ) {
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS access key Id you provided does not exist in our records.',
    };
  }
  const expected = createHmac('sha256', signingKey(credentials.secretAccessKey, date, region, service))
    .update(policyText)
    .digest('hex');
  if (
    expected.length !== signature.length ||
    !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  ) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return invalid('Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (Number.isNaN(expiration)) return invalid('Invalid Policy: Invalid expiration.');
  if (now.getTime() > expiration) return deny('Invalid according to Policy: Policy expired.');
  if (!Array.isArray(policy.conditions)) return invalid('Invalid Policy: Missing conditions.');
  if (form.fileSize < 0)
    return {
      status: 400,
      code: 'InvalidArgument',
      message: 'POST requires exactly one file upload per request.',
    };

  const valueOf = (name: string): string | undefined =>
    name.toLowerCase() === 'bucket' ? bucket : field(form, name);
  const covered = new Set(['policy', 'x-amz-signature', 'file']);
  for (const condition of policy.conditions as Condition[]) {
    if (Array.isArray(condition)) {
      const [operator, target, expectedValue] = condition as [unknown, unknown, unknown];
      if (operator === 'content-length-range') {
        if (form.fileSize < Number(target) || form.fileSize > Number(expectedValue)) {
          return {
            status: 400,
            code: 'EntityTooLarge',
            message: 'Your proposed upload exceeds or falls below the size range the policy allows.',
          };
        }
        continue;
      }
      if (typeof target !== 'string' || !target.startsWith('$') || typeof expectedValue !== 'string') {
        return invalid('Invalid Policy: Invalid condition.');
      }
      const name = target.slice(1);
      covered.add(name.toLowerCase());
      const actual = valueOf(name) ?? '';
      const holds =
        operator === 'eq'
          ? actual === expectedValue
          : operator === 'starts-with'
            ? actual.startsWith(expectedValue)
            : false;
      if (!holds)
        return deny(
          `Invalid according to Policy: Policy Condition failed: ["${String(operator)}", "${target}", "${expectedValue}"]`,
        );
    } else if (condition && typeof condition === 'object') {
      for (const [name, expectedValue] of Object.entries(condition)) {
        covered.add(name.toLowerCase());
        if (valueOf(name) !== expectedValue) {
          return deny(
            `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${String(expectedValue)}"]`,
          );
        }
      }
    } else {
      return invalid('Invalid Policy: Invalid condition.');
    }
  }
  for (const name of form.fields.keys()) {
    const lower = name.toLowerCase();
    if (!covered.has(lower) && !lower.startsWith('x-ignore-')) {
      return deny(`Invalid according to Policy: Extra input fields: ${name}`);
    }
  }
  return undefined;
}
