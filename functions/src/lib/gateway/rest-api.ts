import { randomUUID } from 'node:crypto';
import type { RouteContract } from '@atende/shared/contracts/types';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayRequestAuthorizerEvent,
  Context,
} from 'aws-lambda';
import { requestIdentity } from './identity.ts';
import { EMULATED_ACCOUNT, EMULATED_REGION, lambdaContext } from './lambda-context.ts';

/**
 * The one API Gateway REST API emulator, shared by the functions tests (auth/test-gateway.ts) and the local
 * runtime (scripts/src/local/gateway/rest.ts): it builds REST proxy (v1) events, runs the REQUEST authorizer
 * and applies its policy as API Gateway does, invokes the domain's handler and checks a 2xx JSON answer
 * against the contract's `response` schema. Routing by the manifest and HTTP transport stay with the caller;
 * the authorizer is passed in, so lib/ imports no domain.
 */
export type RestHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
export type Authorizer = (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;

export interface RestRequest {
  route: RouteContract;
  /** The API Gateway resource, `/api/employees/{id}`. */
  resource: string;
  /** The concrete path, `/api/employees/5f…`. */
  path: string;
  pathParameters: Record<string, string>;
  headers: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  query?: Record<string, string[]>;
  body: string | null;
  isBase64Encoded?: boolean;
  sourceIp: string;
  userAgent?: string;
  protocol?: string;
}

export type RestOutcome =
  /** API Gateway answered itself (no key, authorizer refused): the handler never ran. */
  | { kind: 'gateway'; statusCode: number; message: string }
  | { kind: 'handler'; result: APIGatewayProxyResult; event: APIGatewayProxyEvent; drift?: string };

export interface RestApiOptions {
  authorizer: () => Promise<Authorizer>;
  stage: string;
  apiId: string;
  /** Lambda function name given to the handler's context. */
  functionName?: (route: RouteContract) => string;
}

/** IAM-style resource match: "*" stands for any run of characters. */
export function arnMatches(pattern: string, arn: string): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(arn);
}

const header = (headers: Record<string, string>, name: string): string | undefined =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

function single(multi: Record<string, string[]> | undefined): Record<string, string> | null {
  if (!multi || Object.keys(multi).length === 0) return null;
  return Object.fromEntries(Object.entries(multi).map(([key, values]) => [key, values.at(-1) ?? '']));
}

/** Whether the authorizer's policy lets the call through: some Allow covers the method ARN and no Deny does. */
export function policyAllows(result: APIGatewayAuthorizerResult, arn: string): boolean {
  const covers = (resource: string | string[] | undefined) =>
    [resource ?? []].flat().some((pattern) => arnMatches(pattern, arn));
  const effects = (result.policyDocument?.Statement ?? []).flatMap((statement) =>
    'Resource' in statement && covers(statement.Resource) ? [statement.Effect] : [],
  );
  return effects.includes('Allow') && !effects.includes('Deny');
}

/**
 * Why a successful answer does not match its contract, or undefined when it does (or the route declares no
 * response schema, or answers something other than JSON).
 */
export function responseDrift(route: RouteContract, result: APIGatewayProxyResult): string | undefined {
  if (!route.response || result.statusCode < 200 || result.statusCode >= 300) return undefined;
  const type = Object.entries(result.headers ?? {}).find(
    ([key]) => key.toLowerCase() === 'content-type',
  )?.[1];
  if (type !== undefined && !/json/i.test(String(type))) return undefined;
  let body: unknown;
  try {
    body = result.body ? (JSON.parse(result.body) as unknown) : undefined;
  } catch {
    return `${route.id} answered ${result.statusCode} with a body that is not JSON`;
  }
  const parsed = route.response.safeParse(body);
  if (parsed.success) return undefined;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`);
  return `${route.id} answered ${result.statusCode} outside its response schema: ${issues.join('; ')}`;
}

export function createRestApi(options: RestApiOptions) {
  const functionName = options.functionName ?? ((route: RouteContract) => `atende-${route.domain}`);

  async function invoke(request: RestRequest, handler: () => Promise<RestHandler>): Promise<RestOutcome> {
    const { route, resource } = request;
    const multiValueHeaders =
      request.multiValueHeaders ??
      Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, [value]]));
    const apiKey = header(request.headers, 'x-api-key') ?? null;
    const requestContext: APIGatewayProxyEvent['requestContext'] = {
      accountId: EMULATED_ACCOUNT,
      apiId: options.apiId,
      authorizer: null,
      domainName: `${options.apiId}.execute-api.${EMULATED_REGION}.amazonaws.com`,
      domainPrefix: options.apiId,
      extendedRequestId: randomUUID(),
      httpMethod: route.method,
      identity: requestIdentity({ sourceIp: request.sourceIp, userAgent: request.userAgent ?? null, apiKey }),
      path: `/${options.stage}${request.path}`,
      protocol: request.protocol ?? 'HTTP/1.1',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: resource,
      resourcePath: resource,
      stage: options.stage,
    };
    const pathParameters = Object.keys(request.pathParameters).length > 0 ? request.pathParameters : null;
    const base = {
      resource,
      path: request.path,
      httpMethod: route.method,
      headers: request.headers,
      multiValueHeaders,
      queryStringParameters: single(request.query),
      multiValueQueryStringParameters:
        request.query && Object.keys(request.query).length > 0 ? request.query : null,
      pathParameters,
      stageVariables: null,
    };

    // A usage-plan route without a key never reaches the authorizer (API Gateway's own 403).
    if (route.auth === 'apiKey' && !apiKey) return { kind: 'gateway', statusCode: 403, message: 'Forbidden' };
    if (route.auth === 'employee' || route.auth === 'apiKey') {
      const methodArn =
        `arn:aws:execute-api:${EMULATED_REGION}:${EMULATED_ACCOUNT}:${options.apiId}/` +
        `${options.stage}/${route.method}${resource}`;
      let decision: APIGatewayAuthorizerResult;
      try {
        decision = await (
          await options.authorizer()
        )({
          type: 'REQUEST',
          methodArn,
          ...base,
          requestContext: { ...requestContext, authorizer: undefined },
        });
      } catch {
        return { kind: 'gateway', statusCode: 401, message: 'Unauthorized' };
      }
      if (!policyAllows(decision, methodArn)) {
        return {
          kind: 'gateway',
          statusCode: 403,
          message: 'User is not authorized to access this resource',
        };
      }
      // API Gateway hands the context on as strings, with the principal and its own latency figure.
      requestContext.authorizer = {
        ...(decision.context ?? {}),
        principalId: decision.principalId,
        integrationLatency: 0,
      };
    }

    const event: APIGatewayProxyEvent = {
      ...base,
      requestContext,
      body: request.body,
      isBase64Encoded: request.isBase64Encoded ?? false,
    };
    const result = await (await handler())(event, lambdaContext(functionName(route)));
    const drift = responseDrift(route, result);
    return drift ? { kind: 'handler', result, event, drift } : { kind: 'handler', result, event };
  }

  return { invoke };
}
