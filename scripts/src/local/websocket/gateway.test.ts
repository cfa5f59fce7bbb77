import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { signAccessToken, verifyAccessToken } from '@atende/functions/auth/tokens';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createWebSocketGateway, type WebSocketGateway, type WebSocketGatewayEvent } from './gateway.ts';

const SECRET = 'gateway-test-secret';
const claims = {
  companyId: newObjectId(),
  employeeId: newObjectId(),
  role: 'manager' as const,
  sessionId: newObjectId(),
};

let server: Server;
let gateway: WebSocketGateway;
let port: number;
let management: ApiGatewayManagementApiClient;
let events: WebSocketGatewayEvent[];
let authorizer: (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;
let connectStatus = 200;
const open: WebSocket[] = [];

/**
 * A REQUEST authorizer that checks the token as the real one does, without the session lookup the real one
 * makes in DynamoDB: the gateway, not the auth domain, is under test here.
 */
async function tokenAuthorizer(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const token = event.queryStringParameters?.token;
  const verified = token ? await verifyAccessToken(token, SECRET) : undefined;
  if (!verified) throw new Error('Unauthorized');
  return {
    principalId: verified.employeeId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [
        {
          Action: 'execute-api:Invoke',
          Effect: 'Allow',
          Resource: event.methodArn.replace(/\$connect$/, '*'),
        },
      ],
    },
    context: { ...verified },
  };
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Opens a socket; resolves with it once open, or with the HTTP status the handshake was refused with. */
function dial(token?: string): Promise<WebSocket | number> {
  const query = token ? `?token=${encodeURIComponent(token)}&lang=pt` : '';
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws${query}`, {
    headers: { 'user-agent': 'gateway-test' },
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      open.push(socket);
      resolve(socket);
    });
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

async function connected(): Promise<{ socket: WebSocket; connectionId: string }> {
  const before = events.length;
  const socket = await dial(await signAccessToken(claims, SECRET));
  if (typeof socket === 'number') throw new Error(`handshake refused with ${socket}`);
  const connect = events.slice(before).find((event) => event.requestContext.routeKey === '$connect');
  if (!connect) throw new Error('no $connect event');
  return { socket, connectionId: connect.requestContext.connectionId };
}

const nextMessage = (socket: WebSocket): Promise<string> =>
  new Promise((resolve) => socket.once('message', (data) => resolve(String(data))));

const routed = (connectionId: string) =>
  events
    .filter((event) => event.requestContext.connectionId === connectionId)
    .map((e) => e.requestContext.routeKey);

beforeAll(async () => {
  server = createServer((req, res) => {
    if (gateway.handleManagement(req, res)) return;
    res.writeHead(404).end();
  });
  gateway = createWebSocketGateway({
    server,
    path: '/ws',
    routeKeys: ['$connect', '$disconnect', '$default', 'joinRoom', 'checkStatus'],
    authorize: (event) => authorizer(event),
    handler: async (event) => {
      events.push(event);
      if (event.requestContext.eventType === 'CONNECT') return { statusCode: connectStatus };
      if (event.requestContext.eventType === 'DISCONNECT') return undefined;
      if (event.body === 'silent') return { statusCode: 200 };
      return {
        statusCode: 200,
        body: JSON.stringify({ route: event.requestContext.routeKey, body: event.body }),
      };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  management = new ApiGatewayManagementApiClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

beforeEach(() => {
  events = [];
  authorizer = tokenAuthorizer;
  connectStatus = 200;
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});

afterAll(async () => {
  management.destroy();
  await gateway.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('handshake', () => {
  it('refuses a connection without a token with 401 and never calls $connect', async () => {
    expect(await dial()).toBe(401);
    expect(await dial('not-a-token')).toBe(401);
    expect(events).toEqual([]);
  });

  it('refuses with 403 when the authorizer answers a Deny policy', async () => {
    authorizer = async (event) => ({
      principalId: 'someone',
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: event.methodArn }],
      },
    });
    expect(await dial(await signAccessToken(claims, SECRET))).toBe(403);
    expect(events).toEqual([]);
  });

  it('refuses when the $connect handler answers a non-2xx status', async () => {
    connectStatus = 409;
    expect(await dial(await signAccessToken(claims, SECRET))).toBe(409);
    expect(gateway.connectionCount()).toBe(0);
  });

  it('gives $connect the authorizer context, the query and an API Gateway-shaped request context', async () => {
    const { connectionId } = await connected();
    const [event] = events;
    expect(event?.requestContext).toMatchObject({
      routeKey: '$connect',
      eventType: 'CONNECT',
      stage: 'local',
      apiId: 'local',
      connectionId,
      domainName: `127.0.0.1:${port}`,
      identity: { sourceIp: '127.0.0.1', userAgent: 'gateway-test' },
      authorizer: { ...claims, principalId: claims.employeeId },
    });
    expect(connectionId).toMatch(/^[A-Za-z0-9+/]{15}=$/);
    expect(event?.queryStringParameters).toMatchObject({ lang: 'pt' });
    expect(event?.queryStringParameters?.token).toBeTruthy();
    expect(gateway.connectionCount()).toBe(1);
  });
});

describe('messages', () => {
  it('routes by action, falls back to $default, and sends the handler body back', async () => {
    const { socket, connectionId } = await connected();
    const replies: string[] = [];
    socket.on('message', (data) => replies.push(String(data)));
    socket.send(JSON.stringify({ action: 'joinRoom', rooms: ['x'] }));
    socket.send(JSON.stringify({ action: 'nope' }));
    socket.send('not json');
    socket.send(JSON.stringify({ action: '$disconnect' }));
    await waitFor(() => replies.length === 4);
    expect(replies.map((reply) => JSON.parse(reply).route)).toEqual([
      'joinRoom',
      '$default',
      '$default',
      '$default',
    ]);
    expect(JSON.parse(replies[2] as string).body).toBe('not json');
    const message = events.find((event) => event.requestContext.routeKey === 'joinRoom');
    expect(message?.requestContext).toMatchObject({
      eventType: 'MESSAGE',
      connectionId,
      authorizer: { companyId: claims.companyId, employeeId: claims.employeeId },
    });
    expect(message?.body).toBe(JSON.stringify({ action: 'joinRoom', rooms: ['x'] }));
  });

  it('calls $disconnect for the same connection when the client closes', async () => {
    const { socket, connectionId } = await connected();
    socket.close();
    await waitFor(() => routed(connectionId).includes('$disconnect'));
    expect(routed(connectionId)).toEqual(['$connect', '$disconnect']);
    expect(events.at(-1)?.requestContext.eventType).toBe('DISCONNECT');
    expect(gateway.connectionCount()).toBe(0);
  });
});

describe('@connections management API', () => {
  it('posts data to the socket as a text frame', async () => {
    const { socket, connectionId } = await connected();
    const received = nextMessage(socket);
    await management.send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('{"event":"x"}') }),
    );
    expect(await received).toBe('{"event":"x"}');
  });

  it('describes a connection', async () => {
    const { socket, connectionId } = await connected();
    socket.send('silent');
    await waitFor(() => events.some((event) => event.body === 'silent'));
    const connection = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(connection.Identity).toEqual({ SourceIp: '127.0.0.1', UserAgent: 'gateway-test' });
    expect(connection.ConnectedAt).toBeInstanceOf(Date);
    expect(connection.LastActiveAt!.getTime()).toBeGreaterThanOrEqual(connection.ConnectedAt!.getTime());
  });

  it('deletes a connection: the socket closes and $disconnect runs', async () => {
    const { socket, connectionId } = await connected();
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const result = await management.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    expect(result.$metadata.httpStatusCode).toBe(204);
    expect(await closed).toBe(1000);
    await waitFor(() => routed(connectionId).includes('$disconnect'));
  });

  it('answers GoneException for a closed or unknown connection', async () => {
    const { socket, connectionId } = await connected();
    socket.close();
    await waitFor(() => routed(connectionId).includes('$disconnect'));
    const post = management.send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('x') }),
    );
    await expect(post).rejects.toBeInstanceOf(GoneException);
    await expect(
      management.send(new GetConnectionCommand({ ConnectionId: 'unknown+/id=' })),
    ).rejects.toBeInstanceOf(GoneException);
  });

  it('leaves other paths to the caller', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(404);
  });
});
