import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { channelsPtBR } from '@atende/shared/i18n/pt-BR';
import { isTemplateUsable } from '@atende/shared/rules/statuses';
import * as z from 'zod';
import type { ConversationRecord } from '../conversations/records.ts';
import { openCredentials } from '../integrations/crypto.ts';
import type { ProviderIntegrationRecord } from '../integrations/records.ts';
import { getIntegration } from '../integrations/store.ts';
import { presignGet } from '../lib/s3-presign.ts';
import { config } from '../lib/config.ts';
import type { ChannelSender } from '../outbound/sender.ts';
import { templateComponents } from '../templates/components.ts';
import { findTemplate } from '../templates/store.ts';
import { ChannelSendError, type OutboundMedia, type OutboundMessage } from './adapter.ts';
import { queueMessageMail } from './email/queued-sender.ts';
import { bindSender } from './providers.ts';
import { providerFailure } from './send-failure.ts';

/** Providers download outbound media themselves from this short-lived URL of the stored file. */
export const MEDIA_URL_SECONDS = 3600;

const MEDIA_TYPES: Record<NonNullable<MessageView['media']>['file_type'], OutboundMedia['type']> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  doc: 'document',
};

const refuse = (message: string): never => {
  throw new ChannelSendError({ code: 'unsupported_message', message, retryable: false });
};

async function mediaUrl(filePath: string): Promise<string> {
  return presignGet(config().mediaBucket, filePath, MEDIA_URL_SECONDS);
}

/** A bot menu's options and prompt, as the flows runtime stores them beside the numbered text. */
const outboundMenu = z.object({
  prompt: z.string().min(1),
  buttons: z.array(z.object({ id: z.string().min(1), label: z.string().min(1) })).min(1),
});

/** The engine's message as the adapters' normalized outbound message (templates only when APPROVED). */
async function outboundOf(
  message: MessageView,
  conversation: ConversationRecord,
  record: ProviderIntegrationRecord,
): Promise<OutboundMessage> {
  const to = conversation.external_id;
  if (message.template) {
    const name = message.template_name ?? message.content;
    const template = await findTemplate(conversation.company, record._id, name);
    if (!template || !isTemplateUsable(template)) refuse(channelsPtBR.templateNotApproved);
    const params = message.template_params;
    const components = params ? templateComponents(params.header, params.body) : [];
    return {
      kind: 'template',
      to,
      template: {
        name: template?.name ?? name,
        language: template?.language ?? 'pt_BR',
        id: template?.provider_template_id,
        ...(components.length ? { components } : {}),
      },
    };
  }
  if (message.media) {
    return {
      kind: 'media',
      to,
      media: {
        type: MEDIA_TYPES[message.media.file_type],
        url: await mediaUrl(message.media.file_path),
        filename: message.media.file_name,
      },
    };
  }
  const menu = outboundMenu.safeParse(message.channel_metadata);
  return {
    kind: 'text',
    to,
    text: message.content,
    ...(menu.success ? { menu: { prompt: menu.data.prompt, options: menu.data.buttons } } : {}),
  };
}

/** Sends an operator's message through the conversation's integration with its decrypted credentials. */
export const providerSender: ChannelSender = async (message, conversation, integration) => {
  const record = await getIntegration(conversation.company, integration.id);
  if (!record || record.type === 'widget') {
    throw new ChannelSendError({
      code: 'auth_failed',
      message: channelsPtBR.integrationNotFound,
      retryable: false,
    });
  }
  try {
    const credentials = openCredentials(record.credentials, record._id);
    if (record.provider === 'email') return await queueMessageMail(message, conversation, record);
    const adapter = bindSender(record.provider, credentials, {
      companyId: conversation.company,
      integrationId: record._id,
    });
    return await adapter.send(await outboundOf(message, conversation, record));
  } catch (error) {
    throw await providerFailure(error, record);
  }
};
