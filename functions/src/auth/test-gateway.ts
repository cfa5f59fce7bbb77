import { randomUUID } from 'node:crypto';
import { resourcePath } from '@atende/shared/contracts/match';
import type { RouteContract } from '@atende/shared/contracts/types';
import type {
  APIGatewayEventIdentity,
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayRequestAuthorizerEvent,
  Context,
} from 'aws-lambda';
import { authorize } from './authorizer.ts';

/**
 * Test support: drives a domain handler the way API Gateway's REST API does. Employee routes first go
 * through the real REQUEST authorizer; a thrown "Unauthorized" becomes API Gateway's own 401, and the
 * authorizer's context lands in requestContext.authorizer as strings.
 */
type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  sourceIp?: string;
}

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const API_ID = 'testapi123';
const STAGE = 'prod';

const identity = (sourceIp: string): APIGatewayEventIdentity => ({
  accessKey: null,
  accountId: null,
  apiKey: null,
  apiKeyId: null,
  caller: null,
  clientCert: null,
  cognitoAuthenticationProvider: null,
  cognitoAuthenticationType: null,
  cognitoIdentityId: null,
  cognitoIdentityPoolId: null,
  principalOrgId: null,
  sourceIp,
  user: null,
  userAgent: 'vitest',
  userArn: null,
});

const lambdaContext = (): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'test',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:test',
  memoryLimitInMB: '512',
  awsRequestId: randomUUID(),
  logGroupName: '/aws/lambda/test',
  logStreamName: 'test',
  getRemainingTimeInMillis: () => 30_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export async function callRoute(
  handler: Handler,
  contract: RouteContract,
  options: CallOptions = {},
): Promise<CallResult> {
  const resource = resourcePath(contract);
  const path = fillPath(resource, options.params ?? {});
  const headers: Record<string, string> = { 'content-type': 'application/json', Host: `${API_ID}.example` };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const sourceIp = options.sourceIp ?? '203.0.113.10';
  const requestContext: APIGatewayProxyEvent['requestContext'] = {
    accountId: '123456789012',
    apiId: API_ID,
    authorizer: null,
    domainName: `${API_ID}.example`,
    domainPrefix: API_ID,
    extendedRequestId: randomUUID(),
    httpMethod: contract.method,
    identity: identity(sourceIp),
    path: `/${STAGE}${path}`,
    protocol: 'HTTP/1.1',
    requestId: randomUUID(),
    requestTimeEpoch: Date.now(),
    resourceId: 'abc123',
    resourcePath: resource,
    stage: STAGE,
  };
  const query = options.query && Object.keys(options.query).length > 0 ? options.query : null;
  const multi = (record: Record<string, string> | null) =>
    record ? Object.fromEntries(Object.entries(record).map(([key, value]) => [key, [value]])) : null;
  const pathParameters = options.params && Object.keys(options.params).length > 0 ? options.params : null;

  if (contract.auth === 'employee') {
    const authorizerEvent: APIGatewayRequestAuthorizerEvent = {
      type: 'REQUEST',
      methodArn: `arn:aws:execute-api:us-east-1:123456789012:${API_ID}/${STAGE}/${contract.method}${path}`,
      resource,
      path,
      httpMethod: contract.method,
      headers,
      multiValueHeaders: multi(headers),
      queryStringParameters: query,
      multiValueQueryStringParameters: multi(query),
      pathParameters,
      stageVariables: null,
      requestContext: { ...requestContext, authorizer: undefined },
    };
    try {
      const result = await authorize(authorizerEvent);
      requestContext.authorizer = {
        ...result.context,
        principalId: result.principalId,
        integrationLatency: 3,
      };
    } catch {
      return { status: 401, headers: {}, body: { message: 'Unauthorized' } };
    }
  }

  const event: APIGatewayProxyEvent = {
    resource,
    path,
    httpMethod: contract.method,
    headers,
    multiValueHeaders: multi(headers) ?? {},
    queryStringParameters: query,
    multiValueQueryStringParameters: multi(query),
    pathParameters,
    stageVariables: null,
    requestContext,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    isBase64Encoded: false,
  };
  const response = await handler(event, lambdaContext());
  const responseHeaders = Object.fromEntries(
    Object.entries(response.headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]),
  );
  return {
    status: response.statusCode,
    headers: responseHeaders,
    body: response.body ? (JSON.parse(response.body) as unknown) : undefined,
  };
}
