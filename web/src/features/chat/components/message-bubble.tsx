import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { SUSPICIOUS_SENDER_FLAG } from '@atende/shared/channels/inbound';
import { Alert, Flex, theme, Typography } from 'antd';
import { memo } from 'react';
import { PersonAvatar } from '../../../components/person-avatar/person-avatar.tsx';
import type { TimelineEntry } from '../state/outbox.ts';
import { DeliveryTick } from './delivery-tick.tsx';
import { MessageMedia } from './message-media.tsx';
import { RichText } from './rich-text.tsx';

const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' });

interface MessageBubbleProps {
  entry: TimelineEntry<MessageView>;
  /** The operator's profile image, when they uploaded one. */
  authorImage?: string | undefined;
  timeZone: string;
  onResend: (message: MessageView) => void;
  onRetryTemp: (tempId: string, message: MessageView) => void;
}

export const MessageBubble = memo(function MessageBubble({
  entry,
  authorImage,
  timeZone,
  onResend,
  onRetryTemp,
}: MessageBubbleProps) {
  // The theme's surfaces: a dark theme's light text must never land on a white bubble.
  const { token } = theme.useToken();
  const { message, local } = entry;
  const outbound = message.sent_by !== 'customer';
  const status: MessageView['status'] =
    local === 'failed' ? 'failed' : local === 'sending' ? 'pending' : message.status;
  const resend =
    status !== 'failed' || !outbound
      ? undefined
      : local === 'failed'
        ? () => onRetryTemp(entry.key, message)
        : () => onResend(message);
  const author =
    message.sent_by === 'operator'
      ? (message.employee?.name ?? ptBR.chat.senders.operator)
      : ptBR.chat.senders[message.sent_by];
  return (
    <div
      data-testid="message-item"
      data-sender={message.sent_by}
      data-message-id={message._id}
      data-local={local}
      style={{ display: 'flex', justifyContent: outbound ? 'flex-end' : 'flex-start', padding: '2px 16px' }}
    >
      <div
        style={{
          maxWidth: '70%',
          background: outbound
            ? message.sent_by === 'bot'
              ? token.colorFillSecondary
              : token.colorPrimaryBg
            : token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: 8,
          padding: '6px 10px',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {outbound && (
          <Flex align="center" gap={6}>
            {message.sent_by === 'operator' && (
              <PersonAvatar name={author} src={authorImage} size={20} testId="message-author-avatar" />
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              {author}
            </Typography.Text>
          </Flex>
        )}
        {message.flags.includes(SUSPICIOUS_SENDER_FLAG) && (
          <Alert
            data-testid="message-suspicious"
            type="warning"
            showIcon
            message={ptBR.security.suspiciousSenderTag}
            description={ptBR.security.suspiciousSender}
            style={{ marginBottom: 6, whiteSpace: 'normal' }}
          />
        )}
        {message.media ? (
          <MessageMedia messageId={message._id} media={message.media} />
        ) : (
          <span data-testid="message-text">
            <RichText text={message.content} />
          </span>
        )}
        <div
          style={{ display: 'flex', gap: 6, justifyContent: 'flex-end', alignItems: 'center', fontSize: 11 }}
        >
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            {timeFormat(timeZone).format(new Date(message.created_at))}
          </Typography.Text>
          {outbound && <DeliveryTick status={status} onResend={resend} />}
        </div>
      </div>
    </div>
  );
});
