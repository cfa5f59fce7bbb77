import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebSocket } from 'ws';
import type { OpenConnection } from './gateway.ts';

/** `/@connections/{id}`, optionally below a stage as on AWS endpoints (`/prod/@connections/{id}`). */
const CONNECTION_PATH = /^(?:\/[^/@]+)?\/@connections\/([^/]+)$/;

function answer(
  res: ServerResponse,
  statusCode: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(statusCode, {
    ...(text ? { 'content-type': 'application/json' } : {}),
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** The management API's error shape: the SDK reads the error name from x-amzn-errortype. */
const fail = (res: ServerResponse, statusCode: number, type: string, message: string = type) =>
  answer(res, statusCode, { message }, { 'x-amzn-errortype': type });

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
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

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  connectionId: string,
  connections: ReadonlyMap<string, OpenConnection>,
  maxMessageBytes: number,
  preread: Buffer | undefined,
): Promise<void> {
  const body = preread
    ? preread.length <= maxMessageBytes
      ? preread
      : undefined
    : await readBody(req, maxMessageBytes);
  const connection = connections.get(connectionId);
  const open = connection && connection.socket.readyState === WebSocket.OPEN ? connection : undefined;
  const method = req.method ?? 'GET';
  if (!['POST', 'GET', 'DELETE'].includes(method)) {
    fail(res, 405, 'MethodNotAllowedException', 'Method not allowed');
    return;
  }
  if (!open) {
    fail(res, 410, 'GoneException');
    return;
  }
  if (method === 'POST') {
    if (!body) {
      fail(res, 413, 'PayloadTooLargeException', 'Message too long');
      return;
    }
    open.socket.send(body, { binary: false });
    answer(res, 200);
    return;
  }
  if (method === 'GET') {
    // The wire names are camelCase (the SDK maps them to ConnectedAt, Identity.SourceIp, ...).
    answer(res, 200, {
      connectedAt: new Date(open.info.connectedAt).toISOString(),
      identity: { sourceIp: open.info.sourceIp, userAgent: open.info.userAgent ?? '' },
      lastActiveAt: new Date(open.lastActiveAt).toISOString(),
    });
    return;
  }
  open.socket.close(1000);
  answer(res, 204);
}

/**
 * PostToConnection, GetConnection and DeleteConnection as API Gateway answers them; a connection that is not
 * open answers 410 GoneException. Returns false for any other path so the caller can serve it.
 */
export function handleManagementRequest(
  req: IncomingMessage,
  res: ServerResponse,
  connections: ReadonlyMap<string, OpenConnection>,
  maxMessageBytes: number,
  body?: Buffer,
): boolean {
  const match = CONNECTION_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
  if (!match) return false;
  let connectionId: string;
  try {
    connectionId = decodeURIComponent(match[1] as string);
  } catch {
    fail(res, 400, 'BadRequestException', 'Invalid connection id');
    return true;
  }
  serve(req, res, connectionId, connections, maxMessageBytes, body).catch(() => {
    if (!res.headersSent) fail(res, 500, 'InternalServerErrorException', 'Internal server error');
    else res.destroy();
  });
  return true;
}
