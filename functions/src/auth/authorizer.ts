import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { ROLES } from '@atende/shared/domain/constants';
import { apiKeyHeader, authorizeApiKey } from '../api-keys/authorizer.ts';
import { authorizeVisitor } from '../channels/widget/visitor-authorizer.ts';
import { signingSecret } from './secrets.ts';
import { readForAuthorizer } from './store.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * The Lambda REQUEST authorizer for the REST API and the WebSocket $connect route. It reads the bearer token
 * (REST: Authorization header; WebSocket: ?token=), then checks in one BatchGetItem that the token's session
 * is neither revoked nor expired, and hands the verified company, employee, current role and session to the
 * handlers as context. A blocked account (inactive employee or disabled company) is let through with
 * `blocked: 'true'`, so the handler can answer 401 with the spec's message instead of API Gateway's bare 401.
 * On the WebSocket $connect it also accepts a site-widget visitor token (context role 'visitor').
 * Throwing "Unauthorized" is API Gateway's way to answer 401.
 */
export function bearerToken(event: APIGatewayRequestAuthorizerEvent): string | undefined {
  const headers = event.headers ?? {};
  const header = headers.Authorization ?? headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1];
  }
  return event.queryStringParameters?.token ?? undefined;
}

/** Allows every method of the API stage: authorizer results are not cached, each request is checked anew. */
function stageWildcard(methodArn: string): string {
  const [arnPrefix, stage] = methodArn.split('/');
  return `${arnPrefix}/${stage}/*`;
}

/** WebSocket authorizers are invoked for `$connect` only, and their method ARN ends with it. */
const isWebSocketConnect = (event: APIGatewayRequestAuthorizerEvent): boolean =>
  event.methodArn.endsWith('/$connect');

const isRole = (value: string): value is (typeof ROLES)[number] =>
  (ROLES as readonly string[]).includes(value);

export async function authorize(
  event: APIGatewayRequestAuthorizerEvent,
): Promise<APIGatewayAuthorizerResult> {
  const token = bearerToken(event);
  // An integrator's API key (REST only); a bearer token, when both come, is the one that counts.
  const apiKey = token || isWebSocketConnect(event) ? undefined : apiKeyHeader(event);
  if (apiKey) return authorizeApiKey(event, apiKey);
  if (!token) throw new Error('Unauthorized');
  const secret = await signingSecret();
  const claims = await verifyAccessToken(token, secret);
  if (!claims) {
    // Site-widget visitors open a WebSocket only; on the REST API their tokens are refused here already.
    const visitor = isWebSocketConnect(event)
      ? await authorizeVisitor(token, secret, event.methodArn)
      : undefined;
    if (!visitor) throw new Error('Unauthorized');
    return visitor;
  }
  const { session, employee, company } = await readForAuthorizer(claims);
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (!session || session.revoked || session.expiresAt <= nowSeconds || !employee || !company) {
    throw new Error('Unauthorized');
  }
  if (!isRole(employee.role)) throw new Error('Unauthorized');
  return {
    principalId: claims.employeeId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [
        { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: stageWildcard(event.methodArn) },
      ],
    },
    context: {
      companyId: claims.companyId,
      employeeId: claims.employeeId,
      role: employee.role,
      sessionId: claims.sessionId,
      blocked: employee.inactive || company.disabled ? 'true' : 'false',
    },
  };
}

export const handler = authorize;
