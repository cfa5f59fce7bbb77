import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineRoute } from '@atende/shared/contracts/types';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestGateway } from './rest.ts';

const upload = defineRoute({
  id: 'health.upload',
  method: 'POST',
  path: '/uploads',
  domain: 'health',
  auth: 'public',
  maxBodyBytes: 64 * 1024,
});

let server: Server;
let port: number;

beforeAll(async () => {
  const gateway = createRestGateway({
    routes: [upload],
    handlerFor:
      async () =>
      async (event): Promise<APIGatewayProxyResult> => ({
        statusCode: 200,
        body: JSON.stringify({ bytes: (event.body ?? '').length }),
      }),
    authorizer: async () => {
      throw new Error('no authorizer on public routes');
    },
  });
  server = createServer((req, res) => void gateway.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Streams `total` bytes with chunked transfer encoding (no content-length), as a browser upload may. */
function sendChunked(total: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/uploads',
        headers: { 'content-type': 'text/plain' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(16 * 1024, 97);
    let sent = 0;
    const write = (): void => {
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

describe('request body limits on the local REST gateway', () => {
  it('answers a chunked body over the route limit with a 413 JSON instead of resetting the connection', async () => {
    const response = await sendChunked(1024 * 1024);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: 'Request Entity Too Large' });
  });

  it('still takes a chunked body within the limit', async () => {
    const response = await sendChunked(48 * 1024);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ bytes: 48 * 1024 });
  });
});
