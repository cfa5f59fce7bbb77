import type { APIGatewayEventIdentity } from 'aws-lambda';

/** The `requestContext.identity` API Gateway puts in REST and WebSocket events (only the caller's address is known locally). */
export function requestIdentity(caller: {
  sourceIp: string;
  userAgent: string | null;
  apiKey?: string | null;
}): APIGatewayEventIdentity {
  return {
    accessKey: null,
    accountId: null,
    apiKey: caller.apiKey ?? null,
    apiKeyId: null,
    caller: null,
    clientCert: null,
    cognitoAuthenticationProvider: null,
    cognitoAuthenticationType: null,
    cognitoIdentityId: null,
    cognitoIdentityPoolId: null,
    principalOrgId: null,
    sourceIp: caller.sourceIp,
    user: null,
    userAgent: caller.userAgent,
    userArn: null,
  };
}
