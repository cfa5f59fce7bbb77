import { isObjectId } from '@atende/shared/domain/object-id';

/** What the authorizer verified about a site-widget visitor on $connect (spec: the widget channel). */
export interface VisitorContext {
  companyId: string;
  visitorId: string;
  widgetId: string;
  role: 'visitor';
  sessionId: string;
}

/**
 * Reads a visitor's authorizer context. It is a separate reader on purpose: readAuthContext accepts only the
 * employee roles, so a visitor never passes for an employee anywhere an AuthContext is required.
 */
export function readVisitorContext(event: {
  requestContext?: { authorizer?: unknown } | null;
}): VisitorContext | undefined {
  const context = event.requestContext?.authorizer as Record<string, unknown> | null | undefined;
  if (!context || context.role !== 'visitor') return undefined;
  const { companyId, visitorId, widgetId, sessionId } = context;
  if (!isObjectId(companyId) || !isObjectId(visitorId) || !isObjectId(widgetId)) return undefined;
  if (typeof sessionId !== 'string' || sessionId.length === 0) return undefined;
  return { companyId, visitorId, widgetId, role: 'visitor', sessionId };
}
