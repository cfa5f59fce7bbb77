import { copilotSuggest } from '@atende/shared/contracts/ai/routes';
import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { decideAccess } from '@atende/shared/rules/access';
import { TEXT_LIMITS, textLength } from '@atende/shared/rules/sending';
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Progress, theme, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useSession } from '../../../lib/session/use-session.ts';
import { useChatTemplates } from '../hooks/use-chat-templates.ts';
import { useQuickMessages } from '../hooks/use-quick-messages.ts';
import type { useSend } from '../hooks/use-send.ts';
import { messagingChannelOf } from '../state/channel-rules.ts';
import { previewLookup } from '../state/templates.ts';
import { useChatMe } from '../hooks/use-chat-me.ts';
import { CopilotBar } from './copilot-bar.tsx';
import { EmojiButton } from './emoji-button.tsx';
import { UnknownVariablesWarning } from './unknown-variables.tsx';
import { QUICK_LIST_ID, QuickMessageList, quickOptionId } from './quick-message-list.tsx';
import { TemplatePicker } from './template-picker.tsx';

const labels = ptBR.chat.composer;

interface ComposerProps {
  conversation: ConversationView;
  send: ReturnType<typeof useSend>;
  /** False outside the 86400 s window of official WhatsApp and Messenger. */
  windowOpen: boolean;
}

export function Composer({ conversation, send, windowOpen }: ComposerProps) {
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const inputRef = useRef<TextAreaRef>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const limit = TEXT_LIMITS[messagingChannelOf(conversation.channel)];
  const length = textLength(text);
  const { access } = useSession();
  // The AI copilot shows only on plans with AI assistants (the route's own access rule decides).
  const showCopilot = access !== undefined && decideAccess(copilotSuggest.access, access).allowed;
  const templates = useChatTemplates(conversation.integration, !windowOpen);
  const { employee } = useChatMe();
  const quick = useQuickMessages(conversation, text, (value, caret) => {
    setText(value);
    if (caret === undefined) return;
    const area = inputRef.current?.resizableTextArea?.textArea;
    requestAnimationFrame(() => area?.setSelectionRange(caret, caret));
  });

  const submit = () => {
    if (send.sendText(quick.expand(text))) setText('');
  };

  const insertEmoji = (emoji: string) => {
    const area = inputRef.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    area?.focus();
  };

  if (!windowOpen) {
    return (
      <div style={{ padding: 12, borderTop: '1px solid #f0f0f0' }}>
        <TemplatePicker
          templates={templates.data ?? []}
          loading={templates.isLoading}
          lookup={previewLookup({
            customerName: conversation.customer.full_name,
            customerEmail: conversation.customer.email,
            customerPhone: conversation.customer.cel_phone,
            employeeName: employee?.name,
            companyName: employee?.company.name,
          })}
          onSend={send.sendTemplate}
        />
      </div>
    );
  }

  return (
    <Flex
      vertical
      gap={6}
      style={{
        padding: 12,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
      }}
    >
      {send.upload && (
        <div data-testid="upload-progress">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {interpolate(labels.uploading, { name: send.upload.name })}
          </Typography.Text>
          <Progress percent={send.upload.percent} size="small" />
        </div>
      )}
      {showCopilot && <CopilotBar conversationId={conversation._id} draft={text} onDraft={setText} />}
      {quick.open && (
        <QuickMessageList suggestions={quick.suggestions} highlight={quick.highlight} onPick={quick.pick} />
      )}
      <Flex gap={6} align="flex-end">
        <EmojiButton onPick={insertEmoji} />
        <Button
          type="text"
          icon={<PaperClipOutlined />}
          aria-label={labels.attach}
          title={labels.attach}
          loading={send.upload !== undefined}
          onClick={() => fileRef.current?.click()}
          data-testid="composer-attach"
        />
        <input
          ref={fileRef}
          type="file"
          hidden
          data-testid="composer-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send.sendFile(file);
          }}
        />
        <Input.TextArea
          ref={inputRef}
          value={text}
          onChange={(event) => quick.onTyped(event.target.value, event.target.selectionStart)}
          onKeyDown={(event) => event.key !== 'Enter' && quick.onKey(event)}
          onPressEnter={(event) => {
            if (quick.onKey(event) || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            submit();
          }}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={labels.placeholder}
          status={length > limit ? 'error' : undefined}
          role="combobox"
          aria-expanded={quick.open}
          aria-controls={QUICK_LIST_ID}
          aria-activedescendant={quick.open ? quickOptionId(quick.highlight) : undefined}
          data-testid="composer-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={submit}
          disabled={text.trim().length === 0}
          aria-label={labels.send}
          data-testid="composer-send"
        >
          {labels.send}
        </Button>
      </Flex>
      <UnknownVariablesWarning text={text} />
      {length > limit * 0.8 && (
        <Typography.Text
          type={length > limit ? 'danger' : 'secondary'}
          style={{ fontSize: 12, textAlign: 'right' }}
        >
          {length} / {limit}
        </Typography.Text>
      )}
    </Flex>
  );
}
