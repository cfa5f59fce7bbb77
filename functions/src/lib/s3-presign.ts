import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { clients } from './clients.ts';
import { config } from './config.ts';

/**
 * Presigned GETs and PUTs of the media bucket without the S3 client. The client (about 150 KB minified with
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

/** A presigned request on `key` in `bucket`, valid `expiresIn` seconds, with these query parameters signed. */
async function presign(
  method: 'GET' | 'PUT',
  bucket: string,
  key: string,
  expiresIn: number,
  query: Record<string, string>,
): Promise<string> {
  const cfg = config();
  const region = await clients().dynamodb.config.region();
  const objectPath = `/${key.split('/').map(escape).join('/')}`;
  // As the S3 client addresses a bucket: path-style on a configured endpoint that asks for it (the local
  // runtime's), else the bucket's own host.
  const endpoint = new URL(cfg.s3Endpoint ?? `https://s3.${region}.amazonaws.com`);
  const pathStyle = cfg.s3Endpoint !== undefined && cfg.s3ForcePathStyle;
  const hostname = pathStyle ? endpoint.hostname : `${bucket}.${endpoint.hostname}`;
  const basePath = endpoint.pathname.replace(/\/$/, '');
  const port = endpoint.port ? Number(endpoint.port) : undefined;
  const signed = await currentPresigner().presign(
    {
      method,
      protocol: endpoint.protocol,
      hostname,
      ...(port !== undefined ? { port } : {}),
      path: `${basePath}${pathStyle ? `/${escape(bucket)}` : ''}${objectPath}`,
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
