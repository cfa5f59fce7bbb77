import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchRoute } from '@atende/shared/contracts/match';
import { corsHeaders } from '@atende/shared/security/cors';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from '@atende/shared/security/headers';
import { DEFAULT_MAX_BODY_BYTES, type RouteContract } from '@atende/shared/contracts/types';
import {
  type Authorizer,
  createRestApi,
  type RestHandler,
  type RestOutcome,
} from '@atende/functions/lib/gateway/rest-api';
import { PayloadTooLarge, readBody } from './body.ts';

export type { Authorizer, RestHandler };

export interface RestGatewayOptions {
  routes: readonly RouteContract[];
  /** The Lambda serving a route's domain. */
  handlerFor: (route: RouteContract) => Promise<RestHandler>;
  authorizer: () => Promise<Authorizer>;
  stage?: string;
  /** The app's origins: CORS answers them (and anyone on widget and API-key routes), no one else. */
  appOrigins?: readonly string[];
  log?: (line: string) => void;
}

const API_ID = 'local';

/** What API Gateway plus CloudFront's API response headers policy put on every answer. */
const API_HEADERS = { ...COMMON_SECURITY_HEADERS, 'content-security-policy': API_CONTENT_SECURITY_POLICY };

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

function queryMap(url: URL): Record<string, string[]> {
  const multi: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) (multi[key] ??= []).push(value);
  return multi;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...API_HEADERS, ...headers });
  res.end(JSON.stringify(body));
}

/**
 * The API Gateway REST API of the local runtime: routes with the manifest and hands the request to the API
 * Gateway emulator the functions tests use too (lib/gateway/rest-api.ts: REST proxy events, the same
 * Lambda authorizer, the contract's response check), which calls the same handler modules AWS calls.
 */
export function createRestGateway(options: RestGatewayOptions) {
  const stage = options.stage ?? 'local';
  const log = options.log ?? (() => undefined);
  const restApi = createRestApi({ authorizer: options.authorizer, stage, apiId: API_ID });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const finish = (status: number) =>
      log(`${method} ${url.pathname} ${status} ${Math.round(performance.now() - started)}ms`);

    const origin = req.headers.origin;
    const cors = (route?: RouteContract) => corsHeaders(route, origin, options.appOrigins ?? []);
    if (method === 'OPTIONS') {
      const requested = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
      const preflight = matchRoute(options.routes, requested, url.pathname);
      res.writeHead(204, cors(preflight && 'route' in preflight ? preflight.route : undefined));
      res.end();
      finish(204);
      return;
    }
    const match = matchRoute(options.routes, method, url.pathname);
    if (!match) {
      sendJson(res, 404, { message: 'Not Found' }, cors());
      finish(404);
      return;
    }
    if ('allowed' in match) {
      sendJson(res, 405, { message: 'Method Not Allowed' }, { allow: match.allowed.join(', '), ...cors() });
      finish(405);
      return;
    }
    const { route, resource, pathParameters } = match;
    let raw: Buffer;
    try {
      raw = await readBody(req, route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    } catch (error) {
      const status = error instanceof PayloadTooLarge ? 413 : 400;
      sendJson(
        res,
        status,
        { message: status === 413 ? 'Request Entity Too Large' : 'Bad Request' },
        cors(route),
      );
      finish(status);
      return;
    }
    const contentType = String(req.headers['content-type'] ?? 'application/json');
    const isText = raw.length === 0 || TEXT_TYPES.test(contentType);
    if (raw.length > 0 && /json/i.test(contentType)) {
      try {
        JSON.parse(raw.toString('utf8'));
      } catch {
        sendJson(
          res,
          400,
          { message: 'Corpo da requisição não é um JSON válido.', field: 'body' },
          cors(route),
        );
        finish(400);
        return;
      }
    }
    const { headers, multiValueHeaders } = headerMaps(req);
    let outcome: RestOutcome;
    try {
      outcome = await restApi.invoke(
        {
          route,
          resource,
          path: url.pathname,
          pathParameters,
          headers,
          multiValueHeaders,
          query: queryMap(url),
          body: raw.length === 0 ? null : isText ? raw.toString('utf8') : raw.toString('base64'),
          isBase64Encoded: raw.length > 0 && !isText,
          sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
          userAgent: String(req.headers['user-agent'] ?? ''),
          protocol: `HTTP/${req.httpVersion}`,
        },
        () => options.handlerFor(route),
      );
    } catch (error) {
      log(`handler error ${route.id}: ${(error as Error).stack ?? String(error)}`);
      sendJson(res, 502, { message: 'Internal server error' }, cors(route));
      finish(502);
      return;
    }
    if (outcome.kind === 'gateway') {
      sendJson(res, outcome.statusCode, { message: outcome.message }, cors(route));
      finish(outcome.statusCode);
      return;
    }
    // AWS would pass a drifted answer on; the developer sees it here (the tests fail on it).
    if (outcome.drift) log(`contract drift: ${outcome.drift}`);
    const { result } = outcome;
    const outHeaders: Record<string, string | string[]> = { ...API_HEADERS, ...cors(route) };
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
