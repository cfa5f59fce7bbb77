import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedS3Request {
  method: string;
  /** The path-style object path, decoded: `/<bucket>/<key>`. */
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  body: Buffer;
}

/**
 * Test support: an S3 endpoint on a loopback port (path-style, as the local runtime's) that records the
 * presigned requests it receives and answers them with `status` (200 unless a test refuses). With `objects`,
 * it is a bucket too: a PUT stores the body under its key, a GET answers it or S3's 404 NoSuchKey (or, once
 * asked, drops the connection mid-body).
 */
export async function startFakeS3(objects?: Map<string, Uint8Array>) {
  const requests: RecordedS3Request[] = [];
  let status = 200;
  let cutAfter: number | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://s3.test');
      requests.push({
        method: request.method ?? '',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks),
      });
      // The key after /<bucket>/.
      const key = decodeURIComponent(url.pathname).split('/').slice(2).join('/');
      if (status !== 200) {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end('<Error><Code>AccessDenied</Code></Error>');
      } else if (objects && request.method === 'PUT') {
        objects.set(key, new Uint8Array(Buffer.concat(chunks)));
        response.writeHead(200).end();
      } else if (objects && request.method === 'GET') {
        const body = objects.get(key);
        if (body && cutAfter !== undefined) {
          // The connection drops mid-body, as S3 resets a GET left idle.
          const cut = cutAfter;
          cutAfter = undefined;
          response.writeHead(200, {
            'content-type': 'application/octet-stream',
            'content-length': String(body.length),
          });
          response.write(body.subarray(0, cut), () => setTimeout(() => response.socket?.destroy(), 20));
        } else if (body) response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
        else
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code></Error>');
      } else {
        response.writeHead(200, { 'content-type': 'application/xml' });
        response.end('');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A test file that never closes it still ends.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    refuse: (code: number) => {
      status = code;
    },
    /** The next GET of an object sends its first `bytes` and then drops the connection. */
    cutNextGet: (bytes: number) => {
      cutAfter = bytes;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
