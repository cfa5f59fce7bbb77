import type { ChannelType } from '@atende/shared/channels/inbound';
import type { MessagingChannel } from '@atende/shared/domain/message';
import { channelsPtBR, inboxPtBR } from '@atende/shared/i18n/pt-BR';
import { whatsappSendWarning } from '@atende/shared/rules/sending';
import { isConversationWindowOpen } from '@atende/shared/rules/windows';
import type { AuthContext } from '../lib/auth-context.ts';
import { type CallerContext, visibleConversation } from '../conversations/context.ts';
import { findIntegration, type IntegrationInfo } from '../conversations/integrations.ts';
import type { ConversationRecord } from '../conversations/records.ts';
import { getCustomer } from '../contacts/customer-record.ts';
import { Forbidden, Invalid } from '../lib/errors.ts';
import { isTemplateUsable } from '@atende/shared/rules/statuses';
import type { TemplateView } from '@atende/shared/contracts/templates/views';
import { findTemplate } from '../templates/store.ts';

/** The shared rules speak of messaging channels, where both WhatsApp kinds are "whatsapp". */
export const messagingChannel = (channel: ChannelType): MessagingChannel =>
  channel === 'official' ? 'whatsapp' : channel;

const sameChannel = (requested: ChannelType, actual: ChannelType) =>
  messagingChannel(requested) === messagingChannel(actual);

export interface SendContext extends CallerContext {
  conversation: ConversationRecord;
  integration: IntegrationInfo | undefined;
}

/**
 * What every operator send checks first: the operator named is the caller, who serves the conversation on the
 * channel named; a WhatsApp integration in use must be connected (spec point 5's warning).
 */
export async function sendContext(
  auth: AuthContext,
  conversationId: string,
  request: { operator: string; channel: ChannelType; sent_by: string },
): Promise<SendContext> {
  if (request.operator !== auth.employeeId || request.sent_by !== 'operator')
    throw new Forbidden(inboxPtBR.operatorMismatch);
  const context = await visibleConversation(auth, conversationId);
  const { conversation, company } = context;
  if (conversation.status !== 'in_service' || conversation.employee?._id !== auth.employeeId) {
    throw new Forbidden(inboxPtBR.notAssignedToYou);
  }
  if (!sameChannel(request.channel, conversation.channel))
    throw new Invalid('channel', inboxPtBR.channelMismatch);
  const integration = findIntegration(company, conversation.channel, conversation.integration);
  if (conversation.channel === 'whatsapp' || conversation.channel === 'official') {
    if (!integration) throw new Invalid('channel', inboxPtBR.integrationNotFound);
    const warning = whatsappSendWarning(integration);
    if (warning) throw new Invalid('channel', warning);
  }
  return { ...context, integration };
}

/**
 * Official WhatsApp and Messenger accept free text only inside the 86400 s window (spec point 4); a template
 * (named by the message) must be one of the integration's APPROVED templates.
 */
export async function checkWindow(
  conversation: ConversationRecord,
  template: boolean,
  now: Date,
  templateName = '',
): Promise<TemplateView | undefined> {
  if (template) {
    if (conversation.channel !== 'official')
      throw new Invalid('templateMessage', inboxPtBR.templateNotAllowed);
    const found = await findTemplate(conversation.company, conversation.integration, templateName.trim());
    if (!found || !isTemplateUsable(found)) throw new Invalid('message', channelsPtBR.templateNotApproved);
    return found;
  }
  if (conversation.channel !== 'official' && conversation.channel !== 'messenger') return;
  const customer = await getCustomer(conversation.company, conversation.customer._id);
  const last =
    conversation.channel === 'official'
      ? customer?.last_interaction_whatsapp_official
      : customer?.last_interaction_messenger;
  if (!isConversationWindowOpen(last, now)) throw new Invalid('message', inboxPtBR.windowClosed);
  return undefined;
}
