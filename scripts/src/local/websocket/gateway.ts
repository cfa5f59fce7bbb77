import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { lambdaContext } from '@atende/functions/lib/gateway/lambda-context';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import {
  type ConnectionInfo,
  authorizerEvent,
  forwardedAuthorizer,
  handlerEvent,
  methodArn,
  multiHeaders,
  newConnectionId,
  policyAllows,
  queryParameters,
  singleHeaders,
  type WebSocketEventType,
  type WebSocketGatewayEvent,
  type WebSocketHandlerResult,
} from './events.ts';
import { handleManagementRequest } from './management.ts';

export type { WebSocketGatewayEvent, WebSocketHandlerResult } from './events.ts';

export interface WebSocketGatewayOptions {
  server: Server;
  path: string;
  authorize: (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;
  handler: (event: WebSocketGatewayEvent, context: Context) => Promise<WebSocketHandlerResult | void>;
  routeKeys: readonly string[];
  stage?: string;
  /** API Gateway refuses larger messages (128 KB). */
  maxMessageBytes?: number;
  onLog?: (line: string) => void;
}

export interface WebSocketGateway {
  /** Serves `/@connections/{connectionId}`; false when the request is not for it. */
  /** `body` when the caller already read it (the runtime does, to check the signature). */
  handleManagement(req: IncomingMessage, res: ServerResponse, body?: Buffer): boolean;
  connectionCount(): number;
  close(): Promise<void>;
}

/** An open connection: the socket, what $connect fixed, and a queue that keeps its events in arrival order. */
export interface OpenConnection {
  socket: WebSocket;
  info: ConnectionInfo;
  lastActiveAt: number;
  queue: Promise<void>;
}

const SPECIAL_ROUTES = new Set(['$connect', '$disconnect']);

function refuseHandshake(socket: Duplex, statusCode: number, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? 'Error'}\r\nConnection: close\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const sourceIp = (req: IncomingMessage): string =>
  (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/**
 * The local stand-in for an API Gateway WebSocket API: a REQUEST authorizer and $connect decide the handshake,
 * each message is routed by its `action` (route selection `$request.body.action`), a close is $disconnect,
 * and `/@connections/{id}` answers as the management API does, so the handlers and
 * `@aws-sdk/client-apigatewaymanagementapi` run unchanged.
 *
 * Two choices where AWS is configurable: a handler's result body goes back to the sender (as a two-way route
 * with a `$default` route response, which the WebSocket contract asks infra to create), and the events of one
 * connection run one after another (AWS may run them concurrently), so local logs read in order.
 */
export function createWebSocketGateway(options: WebSocketGatewayOptions): WebSocketGateway {
  const { server, path, authorize, handler, routeKeys, onLog } = options;
  const stage = options.stage ?? 'local';
  const routes = new Set(routeKeys);
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 128 * 1024 });
  const connections = new Map<string, OpenConnection>();
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  async function invoke(
    info: ConnectionInfo,
    routeKey: string,
    eventType: WebSocketEventType,
    extra: Parameters<typeof handlerEvent>[4] = {},
  ): Promise<WebSocketHandlerResult> {
    const started = Date.now();
    const event = handlerEvent(info, stage, routeKey, eventType, extra);
    try {
      const result = (await handler(event, lambdaContext('atende-realtime'))) ?? { statusCode: 200 };
      onLog?.(`ws ${routeKey} ${info.connectionId} ${result.statusCode} ${Date.now() - started}ms`);
      return result;
    } catch (error) {
      onLog?.(`ws ${routeKey} ${info.connectionId} failed: ${(error as Error).stack ?? String(error)}`);
      throw error;
    }
  }

  async function onMessage(connection: OpenConnection, data: RawData, isBinary: boolean): Promise<void> {
    const { socket, info } = connection;
    const buffer = toBuffer(data);
    let routeKey = '$default';
    if (!isBinary) {
      try {
        const action = (JSON.parse(buffer.toString('utf8')) as { action?: unknown } | null)?.action;
        if (typeof action === 'string' && routes.has(action) && !SPECIAL_ROUTES.has(action))
          routeKey = action;
      } catch {
        // Not JSON: API Gateway cannot evaluate the selection expression and uses $default.
      }
    }
    const awsError = (message: string) =>
      JSON.stringify({ message, connectionId: info.connectionId, requestId: newConnectionId() });
    if (!routes.has(routeKey)) {
      if (socket.readyState === WebSocket.OPEN) socket.send(awsError('Forbidden'));
      return;
    }
    try {
      const result = await invoke(info, routeKey, 'MESSAGE', {
        body: isBinary ? buffer.toString('base64') : buffer.toString('utf8'),
        isBase64Encoded: isBinary,
      });
      if (result.body !== undefined && result.body !== '' && socket.readyState === WebSocket.OPEN) {
        socket.send(result.body);
      }
    } catch {
      if (socket.readyState === WebSocket.OPEN) socket.send(awsError('Internal server error'));
    }
  }

  function register(socket: WebSocket, info: ConnectionInfo): void {
    const connection: OpenConnection = { socket, info, lastActiveAt: Date.now(), queue: Promise.resolve() };
    connections.set(info.connectionId, connection);
    socket.on('message', (data, isBinary) => {
      connection.lastActiveAt = Date.now();
      connection.queue = track(connection.queue.then(() => onMessage(connection, data, isBinary)));
    });
    socket.on('error', (error) => onLog?.(`ws ${info.connectionId} socket error: ${error.message}`));
    socket.once('close', () => {
      connections.delete(info.connectionId);
      connection.queue = track(
        connection.queue
          .then(() => invoke(info, '$disconnect', 'DISCONNECT'))
          .then(
            () => undefined,
            () => undefined,
          ),
      );
    });
  }

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    socket.on('error', () => socket.destroy());
    const base = {
      connectionId: newConnectionId(),
      connectedAt: Date.now(),
      sourceIp: sourceIp(req),
      userAgent: req.headers['user-agent'] ?? null,
      domainName: req.headers.host ?? 'localhost',
    };
    let authorization: APIGatewayAuthorizerResult;
    try {
      authorization = await authorize(authorizerEvent(req, url, stage, base));
    } catch {
      onLog?.(`ws $connect ${base.connectionId} 401 (authorizer refused)`);
      refuseHandshake(socket, 401, 'Unauthorized');
      return;
    }
    if (!policyAllows(authorization, methodArn(stage))) {
      onLog?.(`ws $connect ${base.connectionId} 403 (policy denies)`);
      refuseHandshake(socket, 403, 'Forbidden');
      return;
    }
    const info: ConnectionInfo = { ...base, authorizer: forwardedAuthorizer(authorization) };
    const { single, multi } = queryParameters(url);
    let result: WebSocketHandlerResult;
    try {
      result = await invoke(info, '$connect', 'CONNECT', {
        headers: singleHeaders(req),
        multiValueHeaders: multiHeaders(req),
        ...(single && multi ? { queryStringParameters: single, multiValueQueryStringParameters: multi } : {}),
      });
    } catch {
      refuseHandshake(socket, 500, 'Internal server error');
      return;
    }
    if (result.statusCode < 200 || result.statusCode >= 300) {
      refuseHandshake(socket, result.statusCode, STATUS_CODES[result.statusCode] ?? 'Error');
      return;
    }
    if (socket.destroyed || closing) {
      // The client left (or the runtime is stopping) while $connect ran: undo what $connect stored.
      socket.destroy();
      await invoke(info, '$disconnect', 'DISCONNECT').catch(() => undefined);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => register(ws, info));
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return;
    if (closing) {
      refuseHandshake(socket, 503, 'Service Unavailable');
      return;
    }
    void track(accept(req, socket, head, url).catch(() => socket.destroy()));
  };
  server.on('upgrade', onUpgrade);

  return {
    handleManagement: (req, res, body) =>
      handleManagementRequest(req, res, connections, options.maxMessageBytes ?? 128 * 1024, body),
    connectionCount: () => connections.size,
    async close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      await Promise.all(
        [...connections.values()].map(
          ({ socket }) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === WebSocket.CLOSED) return resolve();
              const timer = setTimeout(() => socket.terminate(), 1000);
              socket.once('close', () => {
                clearTimeout(timer);
                resolve();
              });
              socket.close(1001, 'Going away');
            }),
        ),
      );
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
