import middy from '@middy/core';
import type { RouteContract } from '@atende/shared/contracts/types';
import { resourcePath } from '@atende/shared/contracts/match';
import { adminPtBR } from '@atende/shared/i18n/pt-BR';
import { type AccessContext, decideAccess } from '@atende/shared/rules/access';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { z } from 'zod';
import { type AuthContext, readAuthContext, requireAuthContext } from './auth-context.ts';
import { routeCors } from './cors.ts';
import { AppError, Forbidden, Invalid, NotFound, TooManyRequests } from './errors.ts';
import { isRefusedStartKey, requireBounded } from './input-bounds.ts';
import { invocationFields, logger, withLogContext } from './logger.ts';
import { parseInput } from './validation.ts';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RequestInput<C extends RouteContract> {
  params: Infer<NonNullable<C['params']>>;
  query: Infer<NonNullable<C['query']>>;
  body: Infer<NonNullable<C['body']>>;
  /** Present on employee and apiKey routes. */
  auth: C['auth'] extends 'employee' | 'apiKey' ? AuthContext : AuthContext | undefined;
  event: APIGatewayProxyEvent;
}

/** What a route implementation may return: the body, or a body with extra status/headers. */
export type RouteResult<C extends RouteContract> =
  Infer<C['response']> | { statusCode: number; body?: unknown; headers?: Record<string, string>; raw: true };

export interface RouteBinding {
  contract: RouteContract;
  run: (input: RequestInput<RouteContract>) => Promise<unknown>;
}

/** Binds a contract to its implementation with the types the contract implies. */
export function route<C extends RouteContract>(
  contract: C,
  run: (input: RequestInput<C>) => Promise<RouteResult<C>>,
): RouteBinding {
  return { contract, run: run as RouteBinding['run'] };
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export const jsonResponse = (statusCode: number, body: unknown, headers: Record<string, string> = {}) => ({
  statusCode,
  headers: { ...JSON_HEADERS, ...headers },
  body: body === undefined ? '' : JSON.stringify(body),
});

function parseBody(event: APIGatewayProxyEvent): unknown {
  if (event.body === null || event.body === undefined || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid('body', 'Corpo da requisição não é um JSON válido.');
  }
}

export function errorResponse(error: unknown, event?: APIGatewayProxyEvent): APIGatewayProxyResult {
  if (isRefusedStartKey(error)) return errorResponse(new Invalid('cursor', adminPtBR.invalidCursor), event);
  if (error instanceof AppError) {
    const headers: Record<string, string> =
      error instanceof TooManyRequests ? { 'retry-after': String(error.retryAfterSeconds) } : {};
    return jsonResponse(
      error.statusCode,
      { message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) },
      headers,
    );
  }
  logger.error('unhandled error', {
    path: event?.path,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
  });
  return jsonResponse(500, { message: 'Erro interno. Tente novamente mais tarde.', code: 'internal' });
}

/** Builds the spec's AccessContext of the caller (the company record read once per request). */
export type AccessContextLoader = (auth: AuthContext) => Promise<AccessContext>;

export interface HttpHandlerOptions {
  /** Needed by every handler with a route whose contract carries an access rule. */
  accessContext?: AccessContextLoader;
}

/** Applies the contract's access rule (spec point 5) on the server, as the route guard does in the browser. */
async function enforceAccess(
  contract: RouteContract,
  auth: AuthContext | undefined,
  loader: AccessContextLoader | undefined,
): Promise<void> {
  if (!contract.access || !loader) return;
  if (!auth) throw new Forbidden(adminPtBR.accessDenied);
  const decision = decideAccess(contract.access, await loader(auth));
  if (!decision.allowed) throw new Forbidden(adminPtBR.accessDenied);
}

/**
 * The Lambda of one domain: finds the contract by the API Gateway resource and method, parses and validates
 * params, query and body with the contract's schemas, reads the authorizer context, enforces the contract's
 * access rule, runs the implementation and maps named errors to responses.
 */
export function createHttpHandler(bindings: readonly RouteBinding[], options: HttpHandlerOptions = {}) {
  const byKey = new Map<string, RouteBinding>();
  for (const binding of bindings) {
    const key = `${binding.contract.method} ${resourcePath(binding.contract)}`;
    if (byKey.has(key)) throw new Error(`Route bound twice: ${key}`);
    if (binding.contract.access && !options.accessContext) {
      throw new Error(`Route ${key} has an access rule but its handler has no access-context loader`);
    }
    byKey.set(key, binding);
  }

  const core = async (event: APIGatewayProxyEvent, _context: Context): Promise<APIGatewayProxyResult> => {
    try {
      const binding = byKey.get(`${event.httpMethod} ${event.resource}`);
      if (!binding) throw new NotFound('Rota não encontrada.');
      const { contract } = binding;
      const needsAuth = contract.auth === 'employee' || contract.auth === 'apiKey';
      const auth = needsAuth ? requireAuthContext(event) : readAuthContext(event);
      await enforceAccess(contract, auth, options.accessContext);
      const rawBody = parseBody(event);
      requireBounded(rawBody, 'body');
      requireBounded(event.queryStringParameters ?? {}, 'query');
      const input: RequestInput<RouteContract> = {
        params: contract.params
          ? parseInput(contract.params, event.pathParameters ?? {}, 'params')
          : undefined,
        query: contract.query
          ? parseInput(contract.query, event.queryStringParameters ?? {}, 'query')
          : undefined,
        body: contract.body ? parseInput(contract.body, rawBody ?? {}, 'body') : undefined,
        auth,
        event,
      };
      const result = await binding.run(input);
      if (result && typeof result === 'object' && 'raw' in result && result.raw === true) {
        const raw = result as unknown as {
          statusCode: number;
          body?: unknown;
          headers?: Record<string, string>;
        };
        return jsonResponse(raw.statusCode, raw.body, raw.headers);
      }
      const status = contract.successStatus ?? 200;
      return jsonResponse(status, status === 204 ? undefined : result);
    } catch (error) {
      return errorResponse(error, event);
    }
  };

  // Every log line of a request names it, its company (from the authorizer) and whether the container was cold.
  const logged = (event: APIGatewayProxyEvent, context: Context) =>
    withLogContext({ ...invocationFields(context), company_id: readAuthContext(event)?.companyId }, () =>
      core(event, context),
    );

  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(routeCors((event) => byKey.get(`${event.httpMethod} ${event.resource}`)?.contract))
    .handler(logged);
  // The ids of the contracts this Lambda serves: the manifest test checks every route is bound by its domain.
  return Object.assign(handler, { boundRouteIds: [...byKey.values()].map((binding) => binding.contract.id) });
}
