import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { CheckOutlined, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

const labels = ptBR.chat.delivery;

/** Pending clock, one tick sent, two ticks delivered, two blue ticks read, a red mark with resend when failed. */
export function DeliveryTick({
  status,
  onResend,
}: {
  status: MessageView['status'];
  onResend?: (() => void) | undefined;
}) {
  if (status === 'failed') {
    return (
      <span data-testid="delivery-failed" style={{ color: '#cf1322' }}>
        <Tooltip title={labels.failed}>
          <ExclamationCircleOutlined aria-label={labels.failed} />
        </Tooltip>
        {onResend && (
          <Button size="small" type="link" danger onClick={onResend} data-testid="message-resend">
            {ptBR.chat.resend}
          </Button>
        )}
      </span>
    );
  }
  const double = status === 'delivered' || status === 'read';
  return (
    <Tooltip title={labels[status]}>
      <span
        aria-label={labels[status]}
        data-testid={`delivery-${status}`}
        style={{ color: status === 'read' ? '#1677ff' : '#8c8c8c', whiteSpace: 'nowrap' }}
      >
        {status === 'pending' ? (
          <ClockCircleOutlined />
        ) : (
          <>
            <CheckOutlined />
            {double && <CheckOutlined style={{ marginLeft: -6 }} />}
          </>
        )}
      </span>
    </Tooltip>
  );
}
