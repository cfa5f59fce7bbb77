import { randomBytes } from 'node:crypto';
import { channelsPtBR, inboxPtBR } from '@atende/shared/i18n/pt-BR';
import { whatsappSendWarning } from '@atende/shared/rules/sending';
import type { ChannelSender } from '../../outbound/sender.ts';
import { ChannelSendError } from '../adapter.ts';
import { sendSessionCommand } from './commands.ts';
import { newWhatsappMessageId } from './connector.ts';
import { getSessionIntegration } from './store.ts';

/**
 * The unofficial WhatsApp's sender: the session lives in the worker, so sending is a command on its queue.
 * The message id is chosen here (WhatsApp lets the sender pick it), which is what the message keeps as its
 * provider id and what the delivery statuses later name. A session that is not connected refuses at once
 * with the spec's warning, like the send route does.
 */
export const sessionSender: ChannelSender = async (message, conversation, integration) => {
  const record = await getSessionIntegration(conversation.company, integration.id);
  if (!record) {
    throw new ChannelSendError({
      code: 'auth_failed',
      message: channelsPtBR.integrationNotFound,
      retryable: false,
    });
  }
  const warning = whatsappSendWarning(record);
  if (warning) throw new ChannelSendError({ code: 'auth_failed', message: warning, retryable: false });
  if (message.template) {
    throw new ChannelSendError({
      code: 'unsupported_message',
      message: inboxPtBR.templateNotAllowed,
      retryable: false,
    });
  }
  const messageId = newWhatsappMessageId(randomBytes);
  await sendSessionCommand({
    kind: 'send',
    companyId: conversation.company,
    integrationId: record._id,
    messageId,
    to: conversation.external_id.replace(/\D/g, ''),
    ...(message.media
      ? {
          media: {
            kind: message.media.file_type,
            file_path: message.media.file_path,
            file_name: message.media.file_name,
          },
        }
      : { text: message.content }),
  });
  return { providerMessageId: messageId };
};
