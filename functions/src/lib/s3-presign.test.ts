import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Environment } from '../testing/s3-environment.ts';
import { downloadOverrides } from './media-download.ts';
import { s3Client } from './s3-client.ts';
import { startFakeS3 } from '../testing/fake-s3.ts';
import { getObjectStream, presignGet, putObject } from './s3-presign.ts';

const environment = s3Environment();
const useEnvironment = environment.use;

/** What the SDK's S3 client presigns for the same object, at the same instant. */
const sdkUrl = (bucket: string, key: string, expiresIn: number, overrides = {}) =>
  getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: bucket, Key: key, ...overrides }), { expiresIn });

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
// A provider's file name as stored: spaces, accents, parentheses and a quote are all escaped the S3 way.
const KEY = "media/C/6b15c3074884133679503d0d/inbound/i-1/3f2a-Relatório (final) d'Ana.pdf";

describe('presigned media GETs without the S3 client', () => {
  it('signs the same path-style URL as the S3 client on the local endpoint, overrides included', async () => {
    useEnvironment({
      ...CREDENTIALS,
      AWS_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const overrides = downloadOverrides("Relatório (final) d'Ana.pdf", KEY);
    const url = await presignGet('atende-local-media', KEY, 600, overrides);
    expect(url).toBe(await sdkUrl('atende-local-media', KEY, 600, overrides));
    const parsed = new URL(url);
    expect(parsed.origin).toBe('http://127.0.0.1:4569');
    expect(parsed.searchParams.get('response-content-disposition')).toContain('attachment;');
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('600');
  });

  it("signs the same virtual-hosted URL as the S3 client in AWS, with a role's session token", async () => {
    useEnvironment({ ...CREDENTIALS, AWS_SESSION_TOKEN: 'session/token+=', AWS_REGION: 'sa-east-1' });
    const url = await presignGet('atende-prod-media-1a2b', KEY, 3600);
    expect(url).toBe(await sdkUrl('atende-prod-media-1a2b', KEY, 3600));
    expect(new URL(url).host).toBe('atende-prod-media-1a2b.s3.sa-east-1.amazonaws.com');
    expect(new URL(url).searchParams.get('X-Amz-Security-Token')).toBe('session/token+=');
  });

  it('changes the signature with the key, so a link opens only the object it names', async () => {
    useEnvironment({ ...CREDENTIALS, AWS_REGION: 'us-east-1' });
    const one = new URL(await presignGet('bucket-a', 'media/C/a/1.png', 60));
    const other = new URL(await presignGet('bucket-a', 'media/C/a/2.png', 60));
    expect(one.searchParams.get('X-Amz-Signature')).not.toBe(other.searchParams.get('X-Amz-Signature'));
  });

  it('stores an object with a presigned PUT carrying its type and bytes, and throws when S3 refuses', async () => {
    const s3 = await startFakeS3();
    try {
      useEnvironment({
        ...CREDENTIALS,
        AWS_REGION: 'us-east-1',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
      });
      await putObject('atende-local-media', KEY, new Uint8Array([7, 8, 9]), 'application/pdf');
      expect(s3.requests).toHaveLength(1);
      expect(s3.requests[0]).toMatchObject({
        method: 'PUT',
        path: `/atende-local-media/${KEY}`,
        contentType: 'application/pdf',
      });
      expect([...(s3.requests[0]?.body ?? [])]).toEqual([7, 8, 9]);
      expect(s3.requests[0]?.query.get('X-Amz-Credential')).toBe(
        'AKIDEXAMPLE/20261206/us-east-1/s3/aws4_request',
      );
      s3.refuse(403);
      await expect(
        putObject('atende-local-media', KEY, new Uint8Array([1]), 'application/pdf'),
      ).rejects.toThrow(/answered 403/);
    } finally {
      await s3.close();
    }
  });

  it('streams an object with a presigned GET, names a missing one NoSuchKey and throws on a refusal', async () => {
    const objects = new Map([['imports/C/a/uploads/u.csv', new TextEncoder().encode('Nome\nAna\n')]]);
    const s3 = await startFakeS3(objects);
    try {
      useEnvironment({
        ...CREDENTIALS,
        AWS_REGION: 'us-east-1',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
      });
      const chunks: Buffer[] = [];
      for await (const chunk of await getObjectStream('atende-local-exports', 'imports/C/a/uploads/u.csv')) {
        chunks.push(chunk as Buffer);
      }
      expect(Buffer.concat(chunks).toString('utf8')).toBe('Nome\nAna\n');
      expect(s3.requests[0]).toMatchObject({
        method: 'GET',
        path: '/atende-local-exports/imports/C/a/uploads/u.csv',
      });
      expect(s3.requests[0]?.query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      await expect(
        getObjectStream('atende-local-exports', 'imports/C/a/uploads/none.csv'),
      ).rejects.toMatchObject({
        name: 'NoSuchKey',
      });
      s3.refuse(403);
      await expect(
        getObjectStream('atende-local-exports', 'imports/C/a/uploads/u.csv'),
      ).rejects.toMatchObject({
        name: 'AccessDenied',
        message: expect.stringMatching(/answered 403/),
      });
    } finally {
      await s3.close();
    }
  });
});
