import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchRoute } from '@atende/shared/contracts/match';
import { DEFAULT_MAX_BODY_BYTES, type RouteContract } from '@atende/shared/contracts/types';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayRequestAuthorizerEvent,
} from 'aws-lambda';
import { lambdaContext } from '../lambda-context.ts';
import { requestIdentity } from '../request-identity.ts';

export type RestHandler = (event: APIGatewayProxyEvent, context: unknown) => Promise<APIGatewayProxyResult>;
export type Authorizer = (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;

export interface RestGatewayOptions {
  routes: readonly RouteContract[];
  /** The Lambda serving a route's domain. */
  handlerFor: (route: RouteContract) => Promise<RestHandler>;
  authorizer: () => Promise<Authorizer>;
  stage?: string;
  log?: (line: string) => void;
}

const ACCOUNT = '000000000000';
const API_ID = 'local';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization,content-type,x-api-key',
  'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
};

/** IAM-style resource match: "*" stands for any run of characters. */
function arnMatches(pattern: string, arn: string): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(arn);
}

class PayloadTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      reject(new PayloadTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.destroy();
        reject(new PayloadTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function headerMaps(req: IncomingMessage) {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    const value = req.rawHeaders[i + 1] as string;
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  return { headers, multiValueHeaders };
}

function queryMaps(url: URL) {
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) {
    single[key] = value;
    (multi[key] ??= []).push(value);
  }
  const empty = Object.keys(single).length === 0;
  return { single: empty ? null : single, multi: empty ? null : multi };
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...CORS_HEADERS, ...headers });
  res.end(JSON.stringify(body));
}

/**
 * The API Gateway REST API of the local runtime: routes with the manifest, runs the same Lambda authorizer,
 * builds REST proxy (v1) events and calls the same handler modules AWS calls.
 */
export function createRestGateway(options: RestGatewayOptions) {
  const stage = options.stage ?? 'local';
  const log = options.log ?? (() => undefined);

  async function authorize(
    route: RouteContract,
    resource: string,
    base: Omit<APIGatewayProxyEvent, 'requestContext' | 'body' | 'isBase64Encoded'>,
    requestContext: APIGatewayProxyEvent['requestContext'],
  ): Promise<{ context: Record<string, unknown> } | { status: number; message: string }> {
    const methodArn = `arn:aws:execute-api:us-east-1:${ACCOUNT}:${API_ID}/${stage}/${route.method}${resource}`;
    const event: APIGatewayRequestAuthorizerEvent = {
      type: 'REQUEST',
      methodArn,
      resource,
      path: base.path,
      httpMethod: route.method,
      headers: base.headers as Record<string, string>,
      multiValueHeaders: base.multiValueHeaders as Record<string, string[]>,
      pathParameters: base.pathParameters as Record<string, string> | null,
      queryStringParameters: base.queryStringParameters as Record<string, string> | null,
      multiValueQueryStringParameters: base.multiValueQueryStringParameters as Record<
        string,
        string[]
      > | null,
      stageVariables: null,
      requestContext: requestContext as APIGatewayRequestAuthorizerEvent['requestContext'],
    };
    let result: APIGatewayAuthorizerResult;
    try {
      result = await (await options.authorizer())(event);
    } catch {
      return { status: 401, message: 'Unauthorized' };
    }
    const allowed = result.policyDocument.Statement.some((statement) => {
      if (statement.Effect !== 'Allow' || !('Resource' in statement)) return false;
      const resources = ([] as Array<string | undefined>).concat(statement.Resource);
      return resources.some((pattern) => pattern !== undefined && arnMatches(pattern, methodArn));
    });
    if (!allowed) return { status: 403, message: 'User is not authorized to access this resource' };
    return { context: { ...(result.context ?? {}), principalId: result.principalId } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const finish = (status: number) =>
      log(`${method} ${url.pathname} ${status} ${Math.round(performance.now() - started)}ms`);

    if (method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      finish(204);
      return;
    }
    const match = matchRoute(options.routes, method, url.pathname);
    if (!match) {
      sendJson(res, 404, { message: 'Not Found' });
      finish(404);
      return;
    }
    if ('allowed' in match) {
      sendJson(res, 405, { message: 'Method Not Allowed' }, { allow: match.allowed.join(', ') });
      finish(405);
      return;
    }
    const { route, resource, pathParameters } = match;
    let raw: Buffer;
    try {
      raw = await readBody(req, route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    } catch (error) {
      const status = error instanceof PayloadTooLarge ? 413 : 400;
      sendJson(res, status, { message: status === 413 ? 'Request Entity Too Large' : 'Bad Request' });
      finish(status);
      return;
    }
    const contentType = String(req.headers['content-type'] ?? 'application/json');
    const isText = raw.length === 0 || TEXT_TYPES.test(contentType);
    if (raw.length > 0 && /json/i.test(contentType)) {
      try {
        JSON.parse(raw.toString('utf8'));
      } catch {
        sendJson(res, 400, { message: 'Corpo da requisição não é um JSON válido.', field: 'body' });
        finish(400);
        return;
      }
    }
    const { headers, multiValueHeaders } = headerMaps(req);
    const query = queryMaps(url);
    const requestId = randomUUID();
    const sourceIp = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    const requestContext = {
      accountId: ACCOUNT,
      apiId: API_ID,
      resourceId: resource,
      resourcePath: resource,
      httpMethod: method,
      path: `/${stage}${url.pathname}`,
      stage,
      protocol: `HTTP/${req.httpVersion}`,
      requestId,
      requestTimeEpoch: Date.now(),
      identity: requestIdentity({
        sourceIp,
        userAgent: String(req.headers['user-agent'] ?? ''),
        apiKey: (req.headers['x-api-key'] as string | undefined) ?? null,
      }),
      authorizer: null as Record<string, unknown> | null,
    } as unknown as APIGatewayProxyEvent['requestContext'];
    const base = {
      resource,
      path: url.pathname,
      httpMethod: method,
      headers,
      multiValueHeaders,
      queryStringParameters: query.single,
      multiValueQueryStringParameters: query.multi,
      pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : null,
      stageVariables: null,
    };

    if (route.auth === 'apiKey' && !headers['x-api-key'] && !headers['X-Api-Key']) {
      sendJson(res, 403, { message: 'Forbidden' });
      finish(403);
      return;
    }
    if (route.auth === 'employee' || route.auth === 'apiKey') {
      const decision = await authorize(route, resource, base, requestContext);
      if ('status' in decision) {
        sendJson(res, decision.status, { message: decision.message });
        finish(decision.status);
        return;
      }
      (requestContext as { authorizer: unknown }).authorizer = decision.context;
    }

    const event: APIGatewayProxyEvent = {
      ...base,
      requestContext,
      body: raw.length === 0 ? null : isText ? raw.toString('utf8') : raw.toString('base64'),
      isBase64Encoded: raw.length > 0 && !isText,
    };
    let result: APIGatewayProxyResult;
    try {
      result = await (await options.handlerFor(route))(event, lambdaContext(`atende-${route.domain}`));
    } catch (error) {
      log(`handler error ${route.id}: ${(error as Error).stack ?? String(error)}`);
      sendJson(res, 502, { message: 'Internal server error' });
      finish(502);
      return;
    }
    const outHeaders: Record<string, string | string[]> = { ...CORS_HEADERS };
    for (const [name, value] of Object.entries(result.headers ?? {}))
      outHeaders[name.toLowerCase()] = String(value);
    for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
      outHeaders[name.toLowerCase()] = values.map(String);
    }
    res.writeHead(result.statusCode, outHeaders);
    res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
    finish(result.statusCode);
  }

  return { handle };
}
