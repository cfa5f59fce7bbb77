import type { InboundEvent } from '@atende/shared/channels/inbound';
import type { WidgetConfig, WidgetMessagesPage, WidgetSession } from '@atende/shared/contracts/widget/views';
import type { ContactOriginDetail } from '@atende/shared/domain/contact-origin-detail';
import { newObjectId } from '@atende/shared/domain/object-id';
import { widgetPtBR } from '@atende/shared/i18n/pt-BR';
import { signingSecret } from '../../auth/secrets.ts';
import { signVisitorToken, VISITOR_TOKEN_TTL_SECONDS } from '../../auth/tokens.ts';
import type { WidgetIntegrationRecord } from '../../integrations/records.ts';
import { findIntegration, findIntegrationCached } from '../../integrations/store.ts';
import { NotFound } from '../../lib/errors.ts';
import { widgetKeys } from './keys.ts';
import { consume } from './rate-limit.ts';
import { listMessages, putVisitor, recordMessage } from './store.ts';
import { authenticateVisitor } from './visitor-auth.ts';

/** Hands a normalized inbound event to the conversation engine (the inbound FIFO queue). */
export type Enqueue = (event: InboundEvent) => Promise<void>;

export interface WidgetDeps {
  enqueue: Enqueue;
  now?: () => Date;
}

/** What a widget request carries besides its parsed input. */
export interface WidgetRequest {
  widgetId: string;
  token: string | undefined;
  sourceIp: string;
}

/** The widget a public request names; a deleted or unknown widget (or another integration type) is a 404. */
export async function loadWidget(widgetId: string, cached = false): Promise<WidgetIntegrationRecord> {
  const integration = await (cached ? findIntegrationCached : findIntegration)(widgetId);
  if (integration?.type !== 'widget') throw new NotFound(widgetPtBR.widgetNotFound);
  return integration;
}

export async function getConfig(widgetId: string): Promise<WidgetConfig> {
  const widget = await loadWidget(widgetId);
  return { widgetId: widget._id, label: widget.label, ...widget.settings };
}

export async function createSession(
  request: Omit<WidgetRequest, 'token'>,
  body: { name?: string | undefined; email?: string | undefined; origin?: ContactOriginDetail | undefined },
  now = new Date(),
): Promise<WidgetSession> {
  const widget = await loadWidget(request.widgetId);
  await consume(widget.company, widget._id, 'sessionsPerAddress', request.sourceIp, now);
  const visitorId = newObjectId();
  await putVisitor({
    visitorId,
    widgetId: widget._id,
    companyId: widget.company,
    ...(body.name ? { name: body.name } : {}),
    ...(body.email ? { email: body.email } : {}),
    ...(body.origin && (body.origin.page || body.origin.utm) ? { origin: body.origin } : {}),
    created_at: now.toISOString(),
  });
  const token = await signVisitorToken(
    { visitorId, companyId: widget.company, widgetId: widget._id, sessionId: newObjectId() },
    await signingSecret(),
  );
  const expiresAt = new Date(now.getTime() + VISITOR_TOKEN_TTL_SECONDS * 1000).toISOString();
  return { visitorId, token, expiresAt };
}

/**
 * A visitor's message: recorded in their transcript under the client's id (a retried post records nothing
 * new) and handed to the engine as an InboundEvent. The engine is called on retries too, because an earlier
 * attempt may have failed after recording; its exactly-once key (integration + providerMessageId) and the
 * FIFO queue's deduplication keep the conversation free of duplicates.
 */
export async function postMessage(
  request: WidgetRequest,
  body: { id: string; text: string },
  deps: WidgetDeps,
): Promise<{ id: string }> {
  const now = deps.now?.() ?? new Date();
  // Every message of a chat reads the widget: a few seconds' cache (integrations/store.ts) spares the reads.
  const widget = await loadWidget(request.widgetId, true);
  const visitor = await authenticateVisitor(widget, request.token);
  await consume(widget.company, widget._id, 'messagesPerVisitor', visitor.visitorId, now);
  await consume(widget.company, widget._id, 'messagesPerAddress', request.sourceIp, now);
  const ref = { companyId: widget.company, widgetId: widget._id, visitorId: visitor.visitorId };
  const sentAt = now.toISOString();
  await recordMessage(
    ref,
    widgetKeys.inbound(body.id),
    { id: body.id, sender: 'customer', text: body.text, created_at: sentAt },
    now,
  );
  await deps.enqueue({
    kind: 'message',
    companyId: widget.company,
    integrationId: widget._id,
    channel: 'widget',
    providerMessageId: `${visitor.visitorId}:${body.id}`,
    from: {
      externalId: visitor.visitorId,
      name: visitor.name ?? widgetPtBR.defaultVisitorName,
      ...(visitor.email ? { email: visitor.email } : {}),
      ...(visitor.origin ? { origin: visitor.origin } : {}),
    },
    text: body.text,
    sentAt,
  });
  return { id: body.id };
}

export async function listVisitorMessages(
  request: WidgetRequest,
  query: { cursor?: string | undefined; limit: number },
): Promise<WidgetMessagesPage> {
  const widget = await loadWidget(request.widgetId);
  const visitor = await authenticateVisitor(widget, request.token);
  return listMessages(
    { companyId: widget.company, widgetId: widget._id, visitorId: visitor.visitorId },
    query.limit,
    query.cursor,
  );
}
