import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayEventWebsocketRequestContextV2,
  APIGatewayProxyWebsocketEventV2WithRequestContext,
  APIGatewayRequestAuthorizerEvent,
} from 'aws-lambda';
import { requestIdentity } from '@atende/functions/lib/gateway/identity';
import { policyAllows } from '@atende/functions/lib/gateway/rest-api';
import { EMULATED_ACCOUNT, EMULATED_REGION } from '@atende/functions/lib/gateway/lambda-context';

/** Account and API id the local gateway reports, shaped like AWS's so ARNs parse. */
export const LOCAL_ACCOUNT_ID = EMULATED_ACCOUNT;
export const LOCAL_API_ID = 'local';
const REGION = EMULATED_REGION;

export type WebSocketEventType = APIGatewayEventWebsocketRequestContextV2['eventType'];

/** The requestContext API Gateway gives a WebSocket Lambda integration, with the authorizer's context. */
export interface WebSocketRequestContext extends APIGatewayEventWebsocketRequestContextV2 {
  authorizer: Record<string, unknown>;
  identity: { sourceIp: string; userAgent: string | null };
}

/** What the handler receives; on $connect the handshake's headers and query come along, as in AWS. */
export type WebSocketGatewayEvent =
  APIGatewayProxyWebsocketEventV2WithRequestContext<WebSocketRequestContext> & {
    headers?: Record<string, string>;
    multiValueHeaders?: Record<string, string[]>;
  };

export interface WebSocketHandlerResult {
  statusCode: number;
  body?: string;
}

/** Everything the gateway knows about an open connection, fixed at $connect. */
export interface ConnectionInfo {
  connectionId: string;
  connectedAt: number;
  sourceIp: string;
  userAgent: string | null;
  authorizer: Record<string, unknown>;
  domainName: string;
}

/** API Gateway connection ids are 16 base64 characters, e.g. "L0SM9cOFvHcCIhw=". */
export const newConnectionId = (): string => randomBytes(11).toString('base64');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

/** API Gateway's requestTime format: 21/Nov/2026:22:52:55 +0000. */
export function requestTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())} +0000`;
}

export function singleHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

export function multiHeaders(req: IncomingMessage): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value : [value];
  }
  return headers;
}

export function queryParameters(url: URL): {
  single: Record<string, string> | null;
  multi: Record<string, string[]> | null;
} {
  const keys = [...new Set(url.searchParams.keys())];
  if (keys.length === 0) return { single: null, multi: null };
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const key of keys) {
    const values = url.searchParams.getAll(key);
    single[key] = values[values.length - 1] as string;
    multi[key] = values;
  }
  return { single, multi };
}

export const methodArn = (stage: string): string =>
  `arn:aws:execute-api:${REGION}:${LOCAL_ACCOUNT_ID}:${LOCAL_API_ID}/${stage}/$connect`;

export function authorizerEvent(
  req: IncomingMessage,
  url: URL,
  stage: string,
  connection: Omit<ConnectionInfo, 'authorizer'>,
): APIGatewayRequestAuthorizerEvent {
  const { single, multi } = queryParameters(url);
  const now = Date.now();
  return {
    type: 'REQUEST',
    methodArn: methodArn(stage),
    resource: '$connect',
    path: url.pathname,
    httpMethod: 'GET',
    headers: singleHeaders(req),
    multiValueHeaders: multiHeaders(req),
    pathParameters: null,
    queryStringParameters: single,
    multiValueQueryStringParameters: multi,
    stageVariables: null,
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_API_ID,
      authorizer: undefined,
      connectedAt: connection.connectedAt,
      connectionId: connection.connectionId,
      domainName: connection.domainName,
      eventType: 'CONNECT',
      extendedRequestId: randomUUID(),
      protocol: 'HTTP/1.1',
      httpMethod: 'GET',
      identity: identity(connection),
      messageDirection: 'IN',
      path: url.pathname,
      stage,
      requestId: randomUUID(),
      requestTime: requestTime(now),
      requestTimeEpoch: now,
      resourceId: '$connect',
      resourcePath: '$connect',
      routeKey: '$connect',
    },
  };
}

function identity(connection: Pick<ConnectionInfo, 'sourceIp' | 'userAgent'>) {
  return requestIdentity(connection);
}

export { policyAllows };

/** The authorizer context as API Gateway forwards it: its values plus the principal id. */
export const forwardedAuthorizer = (result: APIGatewayAuthorizerResult): Record<string, unknown> => ({
  ...(result.context ?? {}),
  principalId: result.principalId,
  integrationLatency: 0,
});

export function handlerEvent(
  connection: ConnectionInfo,
  stage: string,
  routeKey: string,
  eventType: WebSocketEventType,
  extra: Partial<
    Pick<
      WebSocketGatewayEvent,
      | 'body'
      | 'isBase64Encoded'
      | 'headers'
      | 'multiValueHeaders'
      | 'queryStringParameters'
      | 'multiValueQueryStringParameters'
    >
  > = {},
): WebSocketGatewayEvent {
  const now = Date.now();
  return {
    isBase64Encoded: false,
    ...extra,
    requestContext: {
      routeKey,
      eventType,
      messageId: eventType === 'MESSAGE' ? randomBytes(6).toString('base64') : '',
      extendedRequestId: randomUUID(),
      requestTime: requestTime(now),
      messageDirection: 'IN',
      stage,
      connectedAt: connection.connectedAt,
      requestTimeEpoch: now,
      requestId: randomUUID(),
      domainName: connection.domainName,
      connectionId: connection.connectionId,
      apiId: LOCAL_API_ID,
      authorizer: connection.authorizer,
      identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
    },
  };
}
