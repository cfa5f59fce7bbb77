import { widgetPtBR } from '@atende/shared/i18n/pt-BR';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { signingSecret } from '../../auth/secrets.ts';
import { verifyVisitorToken } from '../../auth/tokens.ts';
import { Unauthorized } from '../../lib/errors.ts';
import type { WidgetIntegrationRecord } from '../../integrations/records.ts';
import { getVisitorCached, type VisitorRecord } from './store.ts';

export function bearerOf(event: Pick<APIGatewayProxyEvent, 'headers'>): string | undefined {
  const headers = event.headers ?? {};
  const header = headers.Authorization ?? headers.authorization;
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

/**
 * The visitor a widget route serves: the token must be a visitor token of this very widget and company (an
 * employee token, or a visitor token of another widget, is refused) and the visitor must still exist.
 */
export async function authenticateVisitor(
  widget: WidgetIntegrationRecord,
  token: string | undefined,
): Promise<VisitorRecord> {
  const refuse = () => new Unauthorized(widgetPtBR.visitorTokenRequired);
  if (!token) throw refuse();
  const claims = await verifyVisitorToken(token, await signingSecret());
  if (!claims || claims.widgetId !== widget._id || claims.companyId !== widget.company) throw refuse();
  const visitor = await getVisitorCached(claims.companyId, claims.widgetId, claims.visitorId);
  if (!visitor) throw refuse();
  return visitor;
}
