import { Readable } from 'node:stream';
import type { ReadableStreamReadResult, ReadableStream as WebReadableStream } from 'node:stream/web';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { clients } from './clients.ts';
import { config } from './config.ts';

/**
 * Presigned GETs and PUTs of the buckets without the S3 client. The client (about 150 KB minified with
 * its middleware) only builds the request; the signing is the SDK's own presigner, fed the credentials, region
 * and hash of the DynamoDB client every handler already holds. So a Lambda that only hands out media links
 * (the bot's sends, the socket events' media URLs) or stores a provider's media (the inbound consumer) does
 * not carry the S3 client (issue 11's bundle budget). A GET's URL is the one
 * `getSignedUrl(s3Client(), new GetObjectCommand(...))` gives (s3-presign.test.ts).
 */
export interface GetOverrides {
  ResponseContentType?: string;
  ResponseContentDisposition?: string;
}

/** RFC 3986 encoding, as SigV4 canonicalizes: `encodeURIComponent` leaves `!'()*` alone. */
const escape = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

let presigner: S3RequestPresigner | undefined;
let presignerOf: unknown;

function currentPresigner(): S3RequestPresigner {
  const { dynamodb } = clients();
  // Tests reset the clients between environments: the presigner follows the client it was built from.
  if (!presigner || presignerOf !== dynamodb) {
    const { credentials, region, sha256 } = dynamodb.config;
    presigner = new S3RequestPresigner({ credentials, region, sha256 });
    presignerOf = dynamodb;
  }
  return presigner;
}

/** Where S3 answers for `bucket`, as the S3 client addresses it: path-style on a configured endpoint that asks
 * for it (the local runtime's), else the bucket's own host. `path` is the bucket's path, without a trailing /. */
export async function bucketLocation(bucket: string) {
  const cfg = config();
  const region = await clients().dynamodb.config.region();
  const endpoint = new URL(cfg.s3Endpoint ?? `https://s3.${region}.amazonaws.com`);
  const pathStyle = cfg.s3Endpoint !== undefined && cfg.s3ForcePathStyle;
  const basePath = endpoint.pathname.replace(/\/$/, '');
  return {
    region,
    protocol: endpoint.protocol,
    hostname: pathStyle ? endpoint.hostname : `${bucket}.${endpoint.hostname}`,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    path: `${basePath}${pathStyle ? `/${escape(bucket)}` : ''}`,
  };
}

/** A presigned request on `key` in `bucket`, valid `expiresIn` seconds, with these query parameters signed. */
async function presign(
  method: 'GET' | 'PUT',
  bucket: string,
  key: string,
  expiresIn: number,
  query: Record<string, string>,
): Promise<string> {
  const { protocol, hostname, port, path } = await bucketLocation(bucket);
  const signed = await currentPresigner().presign(
    {
      method,
      protocol,
      hostname,
      ...(port !== undefined ? { port } : {}),
      path: `${path}/${key.split('/').map(escape).join('/')}`,
      query,
      headers: {},
    },
    { expiresIn },
  );
  const search = Object.entries(signed.query ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${escape(name)}=${escape(String(item))}`),
    )
    .join('&');
  return `${signed.protocol}//${signed.hostname}${signed.port ? `:${signed.port}` : ''}${signed.path}?${search}`;
}

/** A GET of `key` in `bucket`, valid `expiresIn` seconds, with the response headers S3 is to answer with. */
export const presignGet = (bucket: string, key: string, expiresIn: number, overrides: GetOverrides = {}) =>
  presign('GET', bucket, key, expiresIn, {
    ...(overrides.ResponseContentDisposition
      ? { 'response-content-disposition': overrides.ResponseContentDisposition }
      : {}),
    ...(overrides.ResponseContentType ? { 'response-content-type': overrides.ResponseContentType } : {}),
    // As the S3 client sends a GetObject (its checksum middleware asks S3 for the object's checksum).
    'x-amz-checksum-mode': 'ENABLED',
    'x-id': 'GetObject',
  });

/**
 * Stores an object (PutObject through a presigned PUT the Lambda sends itself). A refusal throws with S3's
 * status, so a queue consumer's attempt fails and is retried.
 */
export async function putObject(bucket: string, key: string, body: Uint8Array, contentType: string) {
  const url = await presign('PUT', bucket, key, 300, { 'x-id': 'PutObject' });
  // A copy on its own ArrayBuffer: fetch's body type refuses a view that may sit on a SharedArrayBuffer.
  const bytes = new Uint8Array(body);
  const response = await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
  if (!response.ok) {
    const detail = (await response.text()).slice(0, 200);
    throw new Error(`S3 PutObject of ${key} answered ${response.status}: ${detail}`);
  }
}

/** S3's error code in an error answer's XML (`NoSuchKey`, `AccessDenied`...). */
const errorCode = (body: string) => /<Code>([^<]+)<\/Code>/.exec(body)?.[1];

/**
 * The object's bytes as a stream read as it is consumed (GetObject through a presigned GET the Lambda sends
 * itself). A refusal throws an error named by S3's code, as the S3 client's does (`NoSuchKey` for no object).
 */
export async function getObjectStream(bucket: string, key: string): Promise<Readable> {
  const url = await presignGet(bucket, key, 300);
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    const detail = (await response.text()).slice(0, 500);
    const error = new Error(`S3 GetObject of ${key} answered ${response.status}: ${detail.slice(0, 200)}`);
    error.name = errorCode(detail) ?? (response.status === 404 ? 'NoSuchKey' : `S3Error${response.status}`);
    throw error;
  }
  return Readable.from(interruptible(key, response.body as WebReadableStream<Uint8Array>), {
    objectMode: false,
  });
}

/**
 * The object's connection closed before its last byte (S3 resets a GET its reader leaves idle for long; a
 * network fault): the bytes read so far stand, and the object can be read again from the start.
 */
export class ObjectStreamInterrupted extends Error {
  override name = 'ObjectStreamInterrupted';
  constructor(key: string, cause: unknown) {
    super(`S3 GetObject of ${key} was cut off: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** The body's chunks; a failed read is an ObjectStreamInterrupted, and stopping early releases the connection. */
async function* interruptible(key: string, body: WebReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        finished = true;
        throw new ObjectStreamInterrupted(key, error);
      }
      if (chunk.done) {
        finished = true;
        return;
      }
      yield chunk.value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
