import type { InboundStatus } from '@atende/shared/channels/inbound';
import { visitorRoom } from '@atende/shared/realtime/rooms';
import { publishToRoom } from '../../realtime/publish.ts';
import { getIntegration } from '../../integrations/store.ts';
import { widgetKeys } from './keys.ts';
import { getVisitor, recordMessage } from './store.ts';

/** An operator's message to a widget visitor, as the conversation engine hands it to the channel. */
export interface WidgetOutbound {
  companyId: string;
  integrationId: string;
  /** The visitor id (the conversation's external id on this channel). */
  externalId: string;
  /** The engine's message id: the idempotency key of the send. */
  messageId: string;
  text: string;
  operatorName?: string | undefined;
  /** A bot menu's options (flows), shown as buttons. */
  buttons?: { id: string; label: string }[] | undefined;
  createdAt: string;
}

export interface WidgetSendResult {
  providerMessageId: string;
  /** delivered when at least one of the visitor's open widgets received it, else sent (shown on reload). */
  status: 'sent' | 'delivered';
}

export class WidgetSendError extends Error {
  readonly code: 'widget_not_found' | 'visitor_not_found';

  constructor(code: WidgetSendError['code']) {
    super(code === 'widget_not_found' ? 'Widget não encontrado.' : 'Visitante não encontrado.');
    this.name = 'WidgetSendError';
    this.code = code;
  }
}

/**
 * Delivers an operator's message: records it in the visitor's transcript (so a reload shows it) and pushes
 * it to the visitor's room; when an open widget received it, reports the message delivered. A retried send with the same message id records nothing new and pushes again,
 * which the widget ignores by id.
 */
export async function sendToVisitor(
  outbound: WidgetOutbound,
  reportStatus: (status: InboundStatus) => Promise<void>,
): Promise<WidgetSendResult> {
  const { companyId, integrationId, externalId: visitorId, messageId } = outbound;
  const [widget, visitor] = await Promise.all([
    getIntegration(companyId, integrationId),
    getVisitor(companyId, integrationId, visitorId),
  ]);
  if (widget?.type !== 'widget') throw new WidgetSendError('widget_not_found');
  if (!visitor) throw new WidgetSendError('visitor_not_found');
  const message = {
    id: messageId,
    sender: 'operator' as const,
    text: outbound.text,
    created_at: outbound.createdAt,
    ...(outbound.operatorName ? { operator_name: outbound.operatorName } : {}),
    ...(outbound.buttons && outbound.buttons.length > 0 ? { buttons: outbound.buttons } : {}),
  };
  await recordMessage(
    { companyId, widgetId: integrationId, visitorId },
    widgetKeys.outbound(messageId),
    message,
    new Date(outbound.createdAt),
  );
  const published = await publishToRoom(companyId, visitorRoom(companyId, visitorId), 'widget-message', {
    message,
  });
  if (published.delivered === 0) return { providerMessageId: messageId, status: 'sent' };
  // Reported like any provider's status, through the inbound queue, so the engine applies it after the send.
  await reportStatus({
    kind: 'status',
    companyId,
    integrationId,
    channel: 'widget',
    providerMessageId: messageId,
    status: 'delivered',
    at: new Date().toISOString(),
  });
  return { providerMessageId: messageId, status: 'delivered' };
}
