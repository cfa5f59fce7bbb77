import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import { checkPostPolicy, parsePostForm, type S3Failure } from './s3-post-policy.ts';
import { type LocalCredentials, verifySigV4 } from './sigv4.ts';

export interface S3Gate {
  endpoint: string;
  port: number;
  stop: () => Promise<void>;
}

/** s3rver knows one key pair and checks no SigV4 signature: the gate checks, then names s3rver's key. */
const S3RVER_KEY_ID = 'S3RVER';

function sendError(res: ServerResponse, failure: S3Failure): void {
  const escape = (text: string) =>
    text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code><Message>${escape(failure.message)}</Message></Error>`;
  res.writeHead(failure.status, {
    'content-type': 'application/xml',
    'content-length': String(Buffer.byteLength(xml)),
    // The browser must be able to read why its upload was refused.
    ...(res.req.headers.origin
      ? { 'access-control-allow-origin': res.req.headers.origin, vary: 'Origin' }
      : {}),
  });
  res.end(xml);
}

function readBounded(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

/** Is this the browser's POST-form upload to a bucket (not an S3 API call such as DeleteObjects)? */
const isFormUpload = (req: IncomingMessage, url: URL) =>
  req.method === 'POST' &&
  url.search === '' &&
  /^\/[^/]+\/?$/.test(url.pathname) &&
  String(req.headers['content-type'] ?? '').startsWith('multipart/form-data');

/**
 * The local S3 endpoint: checks every request as S3 would — SigV4 of SDK calls and presigned URLs (expiry
 * included), and presigned POST policies (signature, expiration, key/type/size conditions) — then hands the
 * request, unchanged but for the key id s3rver knows, to s3rver listening on loopback.
 */
export async function startS3Gate(options: {
  host: string;
  port: number;
  upstream: { host: string; port: number };
  credentials: LocalCredentials;
  /** Largest body accepted (uploads are buffered to be checked). */
  maxBodyBytes: number;
}): Promise<S3Gate> {
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer | undefined, path: string) => {
    const headers = { ...req.headers };
    if (typeof headers.authorization === 'string') {
      headers.authorization = headers.authorization.replace(
        /Credential=[^/]+\//,
        `Credential=${S3RVER_KEY_ID}/`,
      );
    }
    if (body) headers['content-length'] = String(body.length);
    delete headers['transfer-encoding'];
    const upstream = httpRequest(
      { host: options.upstream.host, port: options.upstream.port, method: req.method, path, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        // pipeline, not pipe: a reader gone before the last byte (or the gate's stop closing it) ends the
        // upstream answer too, instead of leaving s3rver's connection open and its close waiting forever.
        pipeline(answer, res, () => undefined);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent)
        sendError(res, { status: 502, code: 'ServiceUnavailable', message: 'S3 is not answering.' });
      else res.destroy();
    });
    upstream.end(body);
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // CORS preflights carry no credentials anywhere; s3rver answers them from the bucket's CORS rules.
    if (req.method === 'OPTIONS') {
      forward(req, res, undefined, req.url ?? '/');
      return;
    }
    const body = await readBounded(req, options.maxBodyBytes);
    if (!body) {
      sendError(res, {
        status: 400,
        code: 'EntityTooLarge',
        message: 'Your proposed upload exceeds the maximum allowed size.',
      });
      return;
    }
    if (isFormUpload(req, url)) {
      const bucket = url.pathname.split('/')[1] ?? '';
      const form = await parsePostForm(String(req.headers['content-type']), body).catch(() => undefined);
      if (!form) {
        sendError(res, {
          status: 400,
          code: 'MalformedPOSTRequest',
          message: 'The body of your POST request is not well-formed multipart/form-data.',
        });
        return;
      }
      const failure = checkPostPolicy(bucket, form, options.credentials);
      if (failure) sendError(res, failure);
      else forward(req, res, body, req.url ?? '/');
      return;
    }
    const failure = await verifySigV4(req, body, options.credentials);
    if (failure) {
      sendError(res, {
        status: 403,
        code: failure.code === 'RequestExpired' ? 'AccessDenied' : failure.code,
        message: failure.message,
      });
      return;
    }
    if (url.searchParams.has('X-Amz-Credential')) {
      const credential = url.searchParams.get('X-Amz-Credential') ?? '';
      url.searchParams.set('X-Amz-Credential', credential.replace(/^[^/]+\//, `${S3RVER_KEY_ID}/`));
    }
    forward(req, res, body, `${url.pathname}${url.search}`);
  };

  const server = createServer((req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent)
        sendError(res, { status: 500, code: 'InternalError', message: 'We encountered an internal error.' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://${options.host}:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
