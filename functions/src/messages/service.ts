import type { sendMediaBody, sendTextBody } from '@atende/shared/contracts/messages/send-payloads';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { fileKindSchema } from '@atende/shared/domain/message';
import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { errorsPtBR, inboxPtBR } from '@atende/shared/i18n/pt-BR';
import { fillVariables } from '@atende/shared/rules/fill-variables';
import { checkMediaSend, prepareOutgoingText, TEXT_LIMITS } from '@atende/shared/rules/sending';
import { checkUpload } from '@atende/shared/rules/upload';
import type { z } from 'zod';
import { getEmployee } from '../account/store.ts';
import { publishNewMessage, publishRedistributed } from '../conversations/events.ts';
import { visibleConversation } from '../conversations/context.ts';
import { findIntegration } from '../conversations/integrations.ts';
import { withMediaUrl } from '../conversations/media-url.ts';
import { findMessage, getMessage, moveStatus } from '../conversations/message-store.ts';
import { type MessageRecord, pickMessageView } from '../conversations/records.ts';
import { appendMessage } from '../conversations/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../lib/errors.ts';
import { isConversationMediaKey } from '../lib/media-keys.ts';
import { conversationVariables } from '../variables/conversation-lookup.ts';
import { deliver } from '../outbound/delivery.ts';
import { templateDraft } from '../templates/conversation-send.ts';
import { checkWindow, messagingChannel, type SendContext, sendContext } from './outgoing.ts';

type Draft = Pick<MessageRecord, 'type' | 'content' | 'flags'> &
  Partial<Pick<MessageRecord, 'media' | 'template' | 'template_name' | 'template_params'>>;

/**
 * Stores the operator's message (pending), tells the watchers, then hands it to the channel. A send the client
 * names with an id it already used answers the message stored then: nothing is stored or sent again.
 */
async function store(
  auth: AuthContext,
  context: SendContext,
  draft: Draft,
  clientId: string | undefined,
): Promise<MessageView> {
  const { conversation, company } = context;
  const now = new Date().toISOString();
  const employee = conversation.employee ?? { _id: auth.employeeId, name: '' };
  const result = await appendMessage(
    conversation,
    () => ({
      _id: newObjectId(),
      conversation: conversation._id,
      ...draft,
      sent_by: 'operator',
      employee,
      channel: conversation.channel,
      created_at: now,
      read: true,
      channel_metadata: {},
      company: auth.companyId,
      status: 'pending',
      integration: conversation.integration,
      direction: 'outbound',
    }),
    {
      requireAssignee: auth.employeeId,
      answered: true,
      clientSend: clientId ? { employeeId: auth.employeeId, clientId } : undefined,
    },
  );
  if (result.kind === 'repeat') {
    if (result.conversationId !== conversation._id) throw new Conflict(errorsPtBR.sendMessageFailed);
    const earlier = await getMessage(auth.companyId, result.conversationId, result.sequence);
    if (!earlier) throw new Conflict(errorsPtBR.sendMessageFailed);
    return withMediaUrl(pickMessageView(earlier));
  }
  if (result.kind !== 'stored') throw new Forbidden(inboxPtBR.notAssignedToYou);
  if (conversation.redistributed_to === auth.employeeId) {
    await publishRedistributed(result.conversation, auth.employeeId, auth.employeeId, true);
  }
  await publishNewMessage(company, result.conversation, pickMessageView(result.message));
  const delivered = await deliver(company, result.conversation, context.integration, result.message);
  return withMediaUrl(pickMessageView(delivered));
}

/**
 * An operator's `{{variables}}` resolved as the bot's are (spec point 3's defaults with the operator as the
 * employee, company variables, contact and custom fields); unknown ones stay as typed, and the composer names
 * them before sending. What the conversation stores is what the customer reads.
 */
async function resolveVariables(auth: AuthContext, context: SendContext, text: string): Promise<string> {
  if (!text.includes('{{')) return text;
  const employee = await getEmployee(auth.companyId, auth.employeeId);
  const { lookup } = await conversationVariables(context.company, context.conversation, {
    chatbotName: '',
    ...(employee ? { employee: { name: employee.name, email: employee.email } } : {}),
  });
  return fillVariables(text, lookup);
}

export async function sendText(
  auth: AuthContext,
  conversationId: string,
  body: z.infer<typeof sendTextBody>,
) {
  const context = await sendContext(auth, conversationId, body);
  const template = await checkWindow(context.conversation, body.templateMessage, new Date(), body.message);
  if (template) {
    const draft = await templateDraft(template, body.template_params, (value) =>
      resolveVariables(auth, context, value),
    );
    return store(
      auth,
      context,
      { type: 'text', flags: ['template'], template: true, ...draft },
      body.client_id,
    );
  }
  const channel = messagingChannel(context.conversation.channel);
  const prepared = prepareOutgoingText(channel, body.message);
  if (!prepared.ok) {
    throw new Invalid(
      'message',
      prepared.reason === 'empty'
        ? inboxPtBR.emptyText
        : interpolate(inboxPtBR.textTooLong, { max: TEXT_LIMITS[channel] }),
    );
  }
  return store(
    auth,
    context,
    {
      type: context.conversation.channel === 'email' ? 'email' : 'text',
      content: await resolveVariables(auth, context, prepared.text),
      flags: [],
    },
    body.client_id,
  );
}

/**
 * A file already uploaded through the presigned POST. Missing path or type gets the spec's 'Erro ao tentar
 * enviar mensagem.'; so does a path outside the company's own upload prefix for this conversation.
 */
export async function sendMedia(
  auth: AuthContext,
  conversationId: string,
  body: z.infer<typeof sendMediaBody>,
) {
  const failed = checkMediaSend(body.message);
  const kind = fileKindSchema.safeParse(body.message.file_type);
  const filePath = body.message.file_path ?? '';
  if (failed || !kind.success || !isConversationMediaKey(filePath, auth.companyId, conversationId)) {
    throw new Invalid('message', errorsPtBR.sendMessageFailed);
  }
  const context = await sendContext(auth, conversationId, body);
  await checkWindow(context.conversation, false, new Date());
  // The file itself was checked at presign time; here only the declared kind is known, so a document stands in
  // as application/* (an empty mime would make it "audio" and refuse every PDF).
  const check = checkUpload(
    {
      fileName: body.message.file_name,
      mimeType: kind.data === 'doc' ? 'application/octet-stream' : '',
      size: 0,
    },
    { channel: messagingChannel(context.conversation.channel), integrationType: context.integration?.type },
  );
  if (!check.ok) throw new Invalid('message', check.message);
  return store(
    auth,
    context,
    {
      type: kind.data,
      content: body.message.file_name,
      flags: [],
      media: { file_name: body.message.file_name, file_type: kind.data, file_path: filePath },
    },
    body.client_id,
  );
}

/** A failed outbound message goes back to pending and through its channel again. */
export async function resend(auth: AuthContext, messageId: string): Promise<MessageView> {
  const ref = await findMessage(auth.companyId, messageId);
  if (!ref) throw new NotFound(inboxPtBR.messageNotFound);
  const { conversation, company } = await visibleConversation(auth, ref.conversation);
  if (conversation.status !== 'in_service' || conversation.employee?._id !== auth.employeeId) {
    throw new Forbidden(inboxPtBR.notAssignedToYou);
  }
  const message = await getMessage(auth.companyId, ref.conversation, ref.sequence);
  if (!message || message.direction !== 'outbound' || message.status !== 'failed')
    throw new Conflict(inboxPtBR.notResendable);
  const pending = await moveStatus(auth.companyId, ref, 'pending', { error: null });
  if (!pending) throw new Conflict(inboxPtBR.notResendable);
  const integration = findIntegration(company, conversation.channel, conversation.integration);
  return withMediaUrl(pickMessageView(await deliver(company, conversation, integration, pending)));
}
