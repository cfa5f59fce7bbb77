import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { TEXT_LIMITS, textLength } from '@atende/shared/rules/sending';
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Progress, theme, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import type { useSend } from '../hooks/use-send.ts';
import { messagingChannelOf } from '../state/channel-rules.ts';
import { EmojiButton } from './emoji-button.tsx';
import { UnknownVariablesWarning } from './unknown-variables.tsx';
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

  const submit = () => {
    if (send.sendText(text)) setText('');
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
        <TemplatePicker templates={[]} loading={false} onSend={(name) => send.sendText(name, true)} />
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
          onChange={(event) => setText(event.target.value)}
          onPressEnter={(event) => {
            if (event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            submit();
          }}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={labels.placeholder}
          status={length > limit ? 'error' : undefined}
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
