import type { ConversationView, MessageView } from '@atende/shared/contracts/conversations/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { whatsappIntegrationSchema } from '@atende/shared/domain/integrations';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { checkMediaSend, prepareOutgoingText, whatsappSendWarning } from '@atende/shared/rules/sending';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import type { TemplateParams } from '@atende/shared/rules/template-params';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import type { SendContext } from '../api/messages-api.ts';
import { postMedia, postPresign, postResend, postText } from '../api/messages-api.ts';
import { chatKeys } from '../api/query-keys.ts';
import { uploadWithProgress } from '../../../lib/api/presigned-post.ts';
import type { PagedData } from '../state/cache-patches.ts';
import { upsertMessages } from '../state/cache-patches.ts';
import type { PickedFile } from '../state/channel-rules.ts';
import { messagingChannelOf, precheckFile, uploadTarget } from '../state/channel-rules.ts';
import { dispatchOutboxAtom } from '../state/outbox-atoms.ts';
import { useChatMe } from './use-chat-me.ts';

const TOAST_SECONDS = LIMITS.toastDurationMs / 1000;

/** The WhatsApp integration the conversation uses, when the company record lists it. */
function integrationOf(
  conversation: ConversationView,
  company: { whatsapps: Record<string, unknown>; official_whatsapps: Record<string, unknown> } | undefined,
) {
  if (!company || (conversation.channel !== 'whatsapp' && conversation.channel !== 'official'))
    return undefined;
  const map = conversation.channel === 'official' ? company.official_whatsapps : company.whatsapps;
  const parsed = whatsappIntegrationSchema.safeParse(
    map[`integration-${conversation.integration}`] ?? map[conversation.integration],
  );
  return parsed.success ? parsed.data : undefined;
}

export interface UploadProgress {
  name: string;
  percent: number;
}

export function useSend(conversation: ConversationView) {
  const { employee } = useChatMe();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const dispatch = useSetAtom(dispatchOutboxAtom);
  const [upload, setUpload] = useState<UploadProgress>();
  const integration = integrationOf(conversation, employee?.company);

  const context: SendContext | undefined = employee
    ? { conversationId: conversation._id, operator: employee._id, channel: conversation.channel }
    : undefined;

  const store = useCallback(
    (stored: MessageView) =>
      queryClient.setQueryData<PagedData<MessageView>>(chatKeys.messages(conversation._id), (data) =>
        upsertMessages(data, [stored]),
      ),
    [queryClient, conversation._id],
  );

  /** Spec points 5 and 8: a disconnected WhatsApp integration gets the warning and nothing is sent. */
  const blockedByConnection = (): boolean => {
    const warning = integration ? whatsappSendWarning(integration) : undefined;
    if (warning) void message.warning(warning, TOAST_SECONDS);
    return warning !== undefined;
  };

  const deliver = async (tempId: string, text: string, template: boolean, params?: TemplateParams) => {
    if (!context) return;
    try {
      const stored = await postText(context, text, tempId, template, params);
      dispatch({ type: 'succeeded', tempId, message: stored });
      store(stored);
    } catch (error) {
      dispatch({ type: 'failed', tempId });
      // A refused template parameter comes back named (pt-BR); anything else gets the generic failure.
      const named = template && error instanceof ApiRequestError && error.status === 400;
      void message.error(named ? error.message : ptBR.errors.sendMessageFailed, TOAST_SECONDS);
    }
  };

  /** Returns false when the text was refused before sending (the composer then keeps it). */
  const sendText = (raw: string): boolean => {
    const check = prepareOutgoingText(messagingChannelOf(conversation.channel), raw);
    if (!check.ok) {
      if (check.reason === 'too-long') void message.warning(ptBR.chat.composer.tooLong, TOAST_SECONDS);
      return false;
    }
    return enqueue(check.text, false);
  };

  /** An approved template with its parameters; the outbox shows the preview until the server answers. */
  const sendTemplate = (name: string, params: TemplateParams, preview: string): boolean =>
    enqueue(name, true, params, preview);

  const enqueue = (text: string, template: boolean, params?: TemplateParams, preview = text): boolean => {
    if (!context || !employee || blockedByConnection()) return false;
    const tempId = `temp-${crypto.randomUUID()}`;
    const temporary: MessageView = {
      _id: tempId,
      conversation: conversation._id,
      type: 'text',
      content: preview,
      sent_by: 'operator',
      employee: { _id: employee._id, name: employee.name },
      channel: conversation.channel,
      created_at: new Date().toISOString(),
      read: false,
      flags: [],
      channel_metadata: {},
      company: employee.company._id,
      status: 'pending',
      ...(template && { template: true, template_name: text }),
      ...(params && { template_params: { header: [...params.header], body: [...params.body] } }),
    };
    dispatch({
      type: 'add',
      item: { tempId, conversationId: conversation._id, message: temporary, state: 'sending' },
    });
    void deliver(tempId, text, template, params);
    return true;
  };

  const retryTemp = (tempId: string, text: string, template: boolean, params?: TemplateParams) => {
    if (blockedByConnection()) return;
    dispatch({ type: 'retry', tempId });
    void deliver(tempId, text, template, params);
  };

  /** Spec point 4 media sending: processing on, upload, trigger-media, append the answer (the view scrolls). */
  const sendFile = async (file: File & PickedFile): Promise<boolean> => {
    if (!context || blockedByConnection()) return false;
    const check = precheckFile(file, uploadTarget(conversation.channel, undefined));
    if (!check.ok) {
      void message.warning(check.message, TOAST_SECONDS);
      return false;
    }
    setUpload({ name: file.name, percent: 0 });
    const clientId = `media-${crypto.randomUUID()}`;
    try {
      const target = await postPresign(conversation._id, file);
      await uploadWithProgress(target, file, (percent) => setUpload({ name: file.name, percent }));
      const media = { file_name: file.name, file_type: target.file_type, file_path: target.file_path };
      const refusal = checkMediaSend(media);
      if (refusal) throw new Error(refusal);
      store(await postMedia(context, media, clientId));
      return true;
    } catch (error) {
      const text = error instanceof ApiRequestError ? error.message : ptBR.errors.sendMessageFailed;
      void message.error(text, TOAST_SECONDS);
      return false;
    } finally {
      setUpload(undefined);
    }
  };

  const resend = async (messageId: string) => {
    if (blockedByConnection()) return;
    try {
      store(await postResend(messageId));
      void message.success(ptBR.chat.resent, TOAST_SECONDS);
    } catch {
      void message.error(ptBR.errors.sendMessageFailed, TOAST_SECONDS);
    }
  };

  return { sendText, sendTemplate, retryTemp, sendFile, resend, upload, ready: context !== undefined };
}
