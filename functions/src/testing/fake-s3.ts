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
 * presigned requests it receives and answers them with `status` (200 unless a test refuses).
 */
export async function startFakeS3() {
  const requests: RecordedS3Request[] = [];
  let status = 200;
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
      response.writeHead(status, { 'content-type': 'application/xml' });
      response.end(status === 200 ? '' : '<Error><Code>AccessDenied</Code></Error>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    refuse: (code: number) => {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
