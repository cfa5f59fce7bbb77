import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Why a request was refused, in the words AWS uses (the error code of its 403). */
export type SigV4Failure = {
  code: 'MissingAuthenticationToken' | 'SignatureDoesNotMatch' | 'RequestExpired' | 'InvalidAccessKeyId';
  message: string;
};

/** The query parameters presigning adds (the rest of the query, X-Amz-Content-Sha256 included, is signed). */
const PRESIGN_PARAMS = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
]);

/** AWS refuses a signature dated more than 15 minutes away from its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** The longest a presigned URL may live (a week, as in AWS). */
const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;
const AUTH_HEADER =
  /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;

function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
}

function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

interface Scope {
  accessKeyId: string;
  region: string;
  service: string;
}

function parseCredential(credential: string, expectedKey: string): Scope | SigV4Failure {
  const [accessKeyId, , region, service, terminator] = credential.split('/');
  if (!accessKeyId || !region || !service || terminator !== 'aws4_request') {
    return { code: 'SignatureDoesNotMatch', message: 'Malformed credential scope.' };
  }
  if (!sameSignature(accessKeyId, expectedKey)) {
    return {
      code: 'InvalidAccessKeyId',
      message: 'The AWS access key Id you provided does not exist in our records.',
    };
  }
  return { accessKeyId, region, service };
}

function requestParts(req: IncomingMessage, signedHeaders: string[], dropQuery: (name: string) => boolean) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    if (dropQuery(name)) continue;
    const existing = query[name];
    query[name] = existing === undefined ? value : ([] as string[]).concat(existing, value);
  }
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) headers[name] = headerValue(req, name) ?? '';
  // The raw path, as the client signed it: the signer encodes it again for every service but S3.
  const path = (req.url ?? '/').split('?')[0] as string;
  return { method: req.method ?? 'GET', protocol: 'http:', hostname: 'localhost', path, query, headers };
}

/**
 * Checks an AWS Signature Version 4 (the Authorization header the AWS SDK sends, or the X-Amz-* query of a
 * presigned URL) by signing the same request again with the runtime's key pair, with the SDK's own signer.
 * `body` is what the client sent; S3 requests sign a payload hash header (or UNSIGNED-PAYLOAD) instead.
 * Returns undefined when the signature holds.
 */
export async function verifySigV4(
  req: IncomingMessage,
  body: Uint8Array | undefined,
  credentials: LocalCredentials,
  now: Date = new Date(),
): Promise<SigV4Failure | undefined> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const presigned = url.searchParams.get('X-Amz-Signature');
  const authorization = headerValue(req, 'authorization');
  if (presigned === null && !authorization) {
    return { code: 'MissingAuthenticationToken', message: 'Request is missing Authentication Token' };
  }
  if (presigned !== null) return verifyPresigned(req, url.searchParams, credentials, now);

  const match = AUTH_HEADER.exec(authorization ?? '');
  if (!match) return { code: 'SignatureDoesNotMatch', message: 'Malformed Authorization header.' };
  const [, credential, signedHeaderList, signature] = match as unknown as [string, string, string, string];
  const scope = parseCredential(credential, credentials.accessKeyId);
  if ('code' in scope) return scope;
  const signedAt = parseAmzDate(headerValue(req, 'x-amz-date'));
  if (!signedAt) return { code: 'SignatureDoesNotMatch', message: 'Missing or malformed X-Amz-Date.' };
  if (Math.abs(now.getTime() - signedAt.getTime()) > MAX_SKEW_MS) {
    return { code: 'RequestExpired', message: 'Signature expired: the request time is too far from now.' };
  }
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host'))
    return { code: 'SignatureDoesNotMatch', message: 'Host is not signed.' };
  const payloadFailure = checkPayloadHash(headerValue(req, 'x-amz-content-sha256'), body, scope.service);
  if (payloadFailure) return payloadFailure;
  const signer = new SignatureV4({
    credentials,
    region: scope.region,
    service: scope.service,
    sha256: Sha256,
    uriEscapePath: scope.service !== 's3',
    applyChecksum: false,
  });
  const signed = await signer.sign(
    { ...requestParts(req, signedHeaders, () => false), body },
    { signingDate: signedAt, signableHeaders: new Set(signedHeaders) },
  );
  const recomputed = AUTH_HEADER.exec(String(signed.headers.authorization ?? ''))?.[3] ?? '';
  return sameSignature(recomputed, signature)
    ? undefined
    : {
        code: 'SignatureDoesNotMatch',
        message: 'The request signature we calculated does not match the signature you provided.',
      };
}

/**
 * The signer trusts an x-amz-content-sha256 header as the payload's hash, so the header must be the body's
 * real hash; only S3 accepts UNSIGNED-PAYLOAD (its presigned and streamed uploads).
 */
function checkPayloadHash(
  declared: string | undefined,
  body: Uint8Array | undefined,
  service: string,
): SigV4Failure | undefined {
  if (declared === undefined) return undefined;
  if (declared === 'UNSIGNED-PAYLOAD' && service === 's3') return undefined;
  const actual = createHash('sha256')
    .update(body ?? new Uint8Array())
    .digest('hex');
  return declared === actual
    ? undefined
    : {
        code: 'SignatureDoesNotMatch',
        message: 'The provided x-amz-content-sha256 header does not match what was computed.',
      };
}

async function verifyPresigned(
  req: IncomingMessage,
  query: URLSearchParams,
  credentials: LocalCredentials,
  now: Date,
): Promise<SigV4Failure | undefined> {
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
    return { code: 'SignatureDoesNotMatch', message: 'Only AWS4-HMAC-SHA256 is supported.' };
  }
  const scope = parseCredential(query.get('X-Amz-Credential') ?? '', credentials.accessKeyId);
  if ('code' in scope) return scope;
  const signedAt = parseAmzDate(query.get('X-Amz-Date') ?? undefined);
  const expiresIn = Number(query.get('X-Amz-Expires'));
  if (!signedAt || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGNED_SECONDS) {
    return { code: 'SignatureDoesNotMatch', message: 'Malformed X-Amz-Date or X-Amz-Expires.' };
  }
  if (now.getTime() > signedAt.getTime() + expiresIn * 1000) {
    return { code: 'RequestExpired', message: 'Request has expired' };
  }
  if (signedAt.getTime() - now.getTime() > MAX_SKEW_MS) {
    return { code: 'RequestExpired', message: 'Request is not yet valid' };
  }
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  if (!signedHeaders.includes('host'))
    return { code: 'SignatureDoesNotMatch', message: 'Host is not signed.' };
  const signer = new SignatureV4({
    credentials,
    region: scope.region,
    service: scope.service,
    sha256: Sha256,
    uriEscapePath: scope.service !== 's3',
  });
  const parts = requestParts(req, signedHeaders, (name) => PRESIGN_PARAMS.has(name));
  // A presigned URL never signs its body: S3 hashes the literal UNSIGNED-PAYLOAD.
  parts.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
  const keep = new Set(['x-amz-content-sha256']);
  const signed = await signer.presign(parts, {
    signingDate: signedAt,
    expiresIn,
    signableHeaders: new Set(signedHeaders),
    unsignableHeaders: keep,
    unhoistableHeaders: keep,
  });
  const recomputed = String(signed.query?.['X-Amz-Signature'] ?? '');
  return sameSignature(recomputed, query.get('X-Amz-Signature') ?? '')
    ? undefined
    : {
        code: 'SignatureDoesNotMatch',
        message: 'The request signature we calculated does not match the signature you provided.',
      };
}
