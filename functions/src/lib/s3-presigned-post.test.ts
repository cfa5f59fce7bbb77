import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Environment } from '../testing/s3-environment.ts';
import { s3Client } from './s3-client.ts';
import { presignPost } from './s3-presigned-post.ts';

const environment = s3Environment();
const useEnvironment = environment.use;

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-06T20:30:00Z') });
});

afterAll(() => {
  vi.useRealTimers();
  environment.restore();
});

const CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const KEY = 'imports/C/6b15c3074884133679503d0d/uploads/6b15c3074884133679503d0e.xlsx';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CONDITIONS = [
  ['content-length-range', 1, 20_000_000],
  ['eq', '$Content-Type', TYPE],
] as const;

/** What `@aws-sdk/s3-presigned-post` gives for the same upload, at the same instant. */
const sdkPost = (bucket: string) =>
  createPresignedPost(s3Client(), {
    Bucket: bucket,
    Key: KEY,
    Conditions: CONDITIONS.map((condition) => [...condition]) as never,
    Fields: { 'Content-Type': TYPE },
    Expires: 900,
  });

const ours = (bucket: string) =>
  presignPost(bucket, KEY, {
    conditions: CONDITIONS.map((condition) => [...condition]),
    fields: { 'Content-Type': TYPE },
    expiresIn: 900,
  });

describe('presigned POST uploads without the S3 client', () => {
  it('gives the S3 client’s path-style URL, fields, policy and signature on the local endpoint', async () => {
    useEnvironment({
      ...CREDENTIALS,
      AWS_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const post = await ours('atende-local-exports');
    expect(post).toEqual(await sdkPost('atende-local-exports'));
    expect(post.url).toBe('http://127.0.0.1:4569/atende-local-exports');
  });

  it("gives the S3 client's virtual-hosted post in AWS, with a role's session token in the policy", async () => {
    useEnvironment({ ...CREDENTIALS, AWS_SESSION_TOKEN: 'session/token+=', AWS_REGION: 'sa-east-1' });
    const post = await ours('atende-prod-exports-1a2b');
    expect(post).toEqual(await sdkPost('atende-prod-exports-1a2b'));
    const policy = JSON.parse(Buffer.from(post.fields.Policy ?? '', 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.expiration).toBe('2026-12-06T20:45:00Z');
    expect(policy.conditions).toContainEqual({ key: KEY });
    expect(policy.conditions).toContainEqual({ 'X-Amz-Security-Token': 'session/token+=' });
  });

  it('signs with the secret, so another key pair gives another signature', async () => {
    useEnvironment({ ...CREDENTIALS, AWS_REGION: 'us-east-1' });
    const one = await ours('bucket-a');
    useEnvironment({ ...CREDENTIALS, AWS_SECRET_ACCESS_KEY: 'another-secret', AWS_REGION: 'us-east-1' });
    const other = await ours('bucket-a');
    expect(one.fields.Policy).toBe(other.fields.Policy);
    expect(one.fields['X-Amz-Signature']).not.toBe(other.fields['X-Amz-Signature']);
  });
});
