import { createHmac } from 'node:crypto';
import { clients } from './clients.ts';
import { bucketLocation } from './s3-presign.ts';

/** A POST policy condition, as S3 reads them: `["eq", "$Content-Type", "text/csv"]`, `{ "key": "..." }`... */
export type PostCondition = Record<string, string> | (string | number)[];

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * A presigned POST (a browser's form upload straight to the bucket) without the S3 client and
 * `@aws-sdk/s3-presigned-post` (about 180 KB minified together, issue 11's bundle budget): the same policy,
 * fields, SigV4 signature and URL as `createPresignedPost(s3Client(), ...)` (s3-presigned-post.test.ts),
 * signed with the credentials and region of the DynamoDB client every handler already holds.
 */
export async function presignPost(
  bucket: string,
  key: string,
  options: { conditions: PostCondition[]; fields: Record<string, string>; expiresIn: number },
): Promise<PresignedPost> {
  const { region, protocol, hostname, port, path } = await bucketLocation(bucket);
  const credentials = await clients().dynamodb.config.credentials();
  const now = new Date();
  const amzDate = iso8601(now).replace(/[-:]/g, '');
  const shortDate = amzDate.slice(0, 8);
  const fields: Record<string, string> = {
    ...options.fields,
    bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${shortDate}/${region}/s3/aws4_request`,
    'X-Amz-Date': amzDate,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
  };
  const conditions = new Set(
    [
      ...options.conditions,
      ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
      { key },
    ].map((condition) => JSON.stringify(condition)),
  );
  const policy = Buffer.from(
    JSON.stringify({
      expiration: iso8601(new Date(now.valueOf() + options.expiresIn * 1000)),
      conditions: [...conditions].map((condition) => JSON.parse(condition) as PostCondition),
    }),
  ).toString('base64');
  const signingKey = ['s3', 'aws4_request'].reduce(
    (secret, part) => hmac(secret, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, shortDate), region),
  );
  return {
    url: `${protocol}//${hostname}${port !== undefined ? `:${port}` : ''}${path || '/'}`,
    fields: {
      ...fields,
      key,
      Policy: policy,
      'X-Amz-Signature': createHmac('sha256', signingKey).update(policy).digest('hex'),
    },
  };
}
