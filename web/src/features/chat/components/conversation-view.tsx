import type {
  ConversationView as Conversation,
  MessageView,
} from '@atende/shared/contracts/conversations/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { isConversationWindowOpen } from '@atende/shared/rules/windows';
import { Alert, App, Button, Flex, Space, theme, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { PersonAvatar } from '../../../components/person-avatar/person-avatar.tsx';
import { useEmployeeImages } from '../../../lib/session/profile-api.ts';
import { useConversationActions } from '../hooks/use-conversation-actions.ts';
import { useMessageTimeline } from '../hooks/use-messages.ts';
import { useSend } from '../hooks/use-send.ts';
import { hasConversationWindow } from '../state/channel-rules.ts';
import { CloseModal } from './close-modal.tsx';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { TransferModal } from './transfer-modal.tsx';

const labels = ptBR.chat;

export interface ViewerRights {
  employeeId: string;
  /** Operators need allow_operator_transfer_call to transfer. */
  canTransfer: boolean;
  canListEmployees: boolean;
}

interface ConversationViewProps {
  conversation: Conversation;
  timeZone: string;
  viewer: ViewerRights;
  /** After taking or transferring: the page moves its list to the tab that now holds the conversation. */
  onChanged?: (conversation: Conversation) => void;
}

/** Newest customer message the view holds: the start of the 86400 s window. */
function useWindowOpen(conversation: Conversation): boolean {
  const { timeline } = useMessageTimeline(conversation._id);
  return useMemo(() => {
    if (!hasConversationWindow(conversation.channel)) return true;
    const last = timeline.findLast((entry) => entry.message.sent_by === 'customer')?.message;
    // The server times the window from when the customer sent it (the provider's timestamp), not from when
    // it arrived here; the composer follows the same clock so it never offers text the API would refuse.
    const sentAt = last?.channel_metadata.sent_at;
    return isConversationWindowOpen(typeof sentAt === 'string' ? sentAt : last?.created_at, new Date());
  }, [timeline, conversation.channel]);
}

export function ConversationView({ conversation, timeZone, viewer, onChanged }: ConversationViewProps) {
  const { token } = theme.useToken();
  const actions = useConversationActions(conversation._id);
  const send = useSend(conversation);
  const windowOpen = useWindowOpen(conversation);
  const [transferring, setTransferring] = useState(false);
  const [closing, setClosing] = useState(false);
  const mine = conversation.employee?._id === viewer.employeeId;
  const servingIds = useMemo(
    () => (conversation.employee ? [conversation.employee._id] : []),
    [conversation.employee],
  );
  const servingImage = useEmployeeImages(servingIds)[conversation.employee?._id ?? ''];
  const open = conversation.status !== 'closed';
  const canReply = mine && conversation.status === 'in_service';
  const name = conversation.customer.full_name || labels.unknownCustomer;

  const { modal } = App.useApp();
  // Spec shell modal "resend message": a failed outbound message is sent again only once the operator confirms.
  const onResend = (message: MessageView) =>
    void modal.confirm({
      title: labels.resendTitle,
      content: (
        <Flex vertical gap={8}>
          <Typography.Text>{labels.resendText}</Typography.Text>
          {message.content && <Typography.Text type="secondary">{message.content}</Typography.Text>}
        </Flex>
      ),
      okText: labels.resend,
      okButtonProps: { 'data-testid': 'resend-confirm' },
      onOk: () => send.resend(message._id),
    });
  const onRetryTemp = (tempId: string, message: MessageView) =>
    send.retryTemp(
      tempId,
      message.template_name ?? message.content,
      message.template === true,
      message.template_params,
    );

  return (
    <Flex vertical style={{ height: '100%', minWidth: 0 }} data-testid="conversation-view">
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        wrap
        style={{
          padding: '8px 12px',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorBgContainer,
        }}
      >
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <PersonAvatar
            name={name}
            src={conversation.customer.avatar || undefined}
            testId="customer-avatar"
          />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis data-testid="conversation-title">
              {name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {labels.panel.protocol}: {conversation.protocol} · {labels.statuses[conversation.status]}
              {conversation.evaluation && (
                <span data-testid="conversation-evaluation">
                  {' · '}
                  {interpolate(labels.panel.evaluation, { grade: conversation.evaluation.grade })}
                </span>
              )}
            </Typography.Text>
          </Flex>
        </Flex>
        <Space wrap>
          {conversation.employee && (
            <Tooltip title={interpolate(labels.panel.servedBy, { name: conversation.employee.name })}>
              <span data-testid="conversation-employee">
                <PersonAvatar
                  name={conversation.employee.name}
                  src={servingImage}
                  size="small"
                  testId="conversation-employee-avatar"
                />
              </span>
            </Tooltip>
          )}
          {(conversation.status === 'queue' || conversation.status === 'bot') && (
            <Button
              type="primary"
              loading={actions.assign.isPending}
              onClick={() => actions.assign.mutate(undefined, { onSuccess: onChanged })}
              data-testid="conversation-assign"
            >
              {labels.actions.assign}
            </Button>
          )}
          {open && viewer.canTransfer && (
            <Button onClick={() => setTransferring(true)} data-testid="conversation-transfer">
              {labels.actions.transfer}
            </Button>
          )}
          {open && (mine || conversation.status !== 'in_service') && (
            <Button danger onClick={() => setClosing(true)} data-testid="conversation-close">
              {labels.actions.close}
            </Button>
          )}
        </Space>
      </Flex>
      <MessageList
        conversationId={conversation._id}
        timeZone={timeZone}
        onResend={onResend}
        onRetryTemp={onRetryTemp}
      />
      {canReply ? (
        <Composer conversation={conversation} send={send} windowOpen={windowOpen} />
      ) : (
        <Alert
          type="info"
          banner
          title={open ? labels.composer.notYours : labels.composer.closed}
          data-testid="composer-disabled"
        />
      )}
      <TransferModal
        open={transferring}
        canListEmployees={viewer.canListEmployees}
        busy={actions.transfer.isPending}
        onCancel={() => setTransferring(false)}
        onTransfer={(target) =>
          actions.transfer.mutate(target, {
            onSuccess: (changed) => {
              setTransferring(false);
              onChanged?.(changed);
            },
          })
        }
      />
      <CloseModal
        open={closing}
        busy={actions.close.isPending}
        onCancel={() => setClosing(false)}
        onClose={(tabulation) => actions.close.mutate(tabulation, { onSuccess: () => setClosing(false) })}
      />
    </Flex>
  );
}
