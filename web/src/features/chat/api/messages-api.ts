import type { ChannelType } from '@atende/shared/channels/inbound';
import { presignMedia } from '@atende/shared/contracts/messages/presign-media';
import { resendMessage } from '@atende/shared/contracts/messages/resend-message';
import { sendCustomerMedia } from '@atende/shared/contracts/messages/send-customer-media';
import { sendCustomerMessage } from '@atende/shared/contracts/messages/send-customer-message';
import type { TemplateParams } from '@atende/shared/rules/template-params';
import { callRoute } from '../../../lib/api/call-route.ts';

export interface SendContext {
  conversationId: string;
  operator: string;
  channel: ChannelType;
}

/** `clientId` names this send: a retry with the same one (after a lost answer) is not sent twice. */
export const postText = (
  context: SendContext,
  message: string,
  clientId: string,
  templateMessage = false,
  templateParams?: TemplateParams,
) =>
  callRoute(sendCustomerMessage, {
    params: { chatId: context.conversationId },
    body: {
      sent_by: 'operator',
      message,
      operator: context.operator,
      channel: context.channel,
      templateMessage,
      ...(templateParams && {
        template_params: { header: [...templateParams.header], body: [...templateParams.body] },
      }),
      client_id: clientId,
    },
  });

export const postMedia = (
  context: SendContext,
  media: { file_name: string; file_type: string; file_path: string },
  clientId: string,
) =>
  callRoute(sendCustomerMedia, {
    params: { chatId: context.conversationId },
    body: {
      sent_by: 'operator',
      message: media,
      operator: context.operator,
      channel: context.channel,
      client_id: clientId,
    },
  });

export const postPresign = (conversation: string, file: { name: string; type: string; size: number }) =>
  callRoute(presignMedia, {
    body: {
      conversation,
      file_name: file.name,
      mime_type: file.type || 'application/octet-stream',
      size: file.size,
    },
  });

export const postResend = (id: string) => callRoute(resendMessage, { params: { id } });
