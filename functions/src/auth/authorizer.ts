import type {
  APIGatewayAuthorizerResult,
  APIGatewayRequestAuthorizerEvent,
} from 'aws-lambda';
import { signingSecret } from './secrets.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * The Lambda REQUEST authorizer for the REST API and the WebSocket $connect route. It reads the bearer token
 * (REST: Authorization header; WebSocket: ?token=) and hands the verified company, employee, role and session
 * to the handlers as context. Throwing "Unauthorized" is API Gateway's way to answer 401.
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

export async function authorize(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const token = bearerToken(event);
  if (!token) throw new Error('Unauthorized');
  const claims = await verifyAccessToken(token, signingSecret());
  if (!claims) throw new Error('Unauthorized');
  return {
    principalId: claims.employeeId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: stageWildcard(event.methodArn) }],
    },
    context: {
      companyId: claims.companyId,
      employeeId: claims.employeeId,
      role: claims.role,
      sessionId: claims.sessionId,
    },
  };
}

export const handler = authorize;
