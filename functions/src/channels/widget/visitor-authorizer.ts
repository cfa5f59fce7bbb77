import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import { verifyVisitorToken } from '../../auth/tokens.ts';
import { getIntegration } from '../../integrations/store.ts';
import { getVisitor } from './store.ts';

/**
 * The authorizer's answer for a site-widget visitor token on the WebSocket $connect: the widget must still
 * exist in the token's company and the visitor in that widget. The context carries role 'visitor', which no
 * employee route accepts (readAuthContext knows only the employee roles).
 */
export async function authorizeVisitor(
  token: string,
  secret: string,
  resource: string,
): Promise<APIGatewayAuthorizerResult | undefined> {
  const claims = await verifyVisitorToken(token, secret);
  if (!claims) return undefined;
  const [widget, visitor] = await Promise.all([
    getIntegration(claims.companyId, claims.widgetId),
    getVisitor(claims.companyId, claims.widgetId, claims.visitorId),
  ]);
  if (widget?.type !== 'widget' || !visitor) return undefined;
  return {
    principalId: `visitor:${claims.visitorId}`,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: resource }],
    },
    context: {
      companyId: claims.companyId,
      visitorId: claims.visitorId,
      widgetId: claims.widgetId,
      role: 'visitor',
      sessionId: claims.sessionId,
    },
  };
}
