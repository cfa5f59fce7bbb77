import type { UnofficialIntegrationView } from '@atende/shared/contracts/integrations/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Flex, Modal, QRCode, Result, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useWhatsappSession, useWhatsappSessionActions } from '../hooks/use-whatsapp-session.ts';

const labels = ptBR.whatsappSession;

/**
 * Links an unofficial WhatsApp: asks the worker for a session when it opens, shows the QR code to scan while
 * the session waits for one, and the result once the phone linked. The 'conectada' notice itself comes from
 * the shell's channel watch, like every other connection change.
 */
export function WhatsappQrModal({
  view,
  onClose,
}: {
  view: UnofficialIntegrationView | undefined;
  onClose: () => void;
}) {
  const { connect } = useWhatsappSessionActions();
  const session = useWhatsappSession(view?._id);
  const asked = useRef<string>(undefined);

  useEffect(() => {
    if (!view || asked.current === view._id) return;
    asked.current = view._id;
    connect.mutate(view._id);
  }, [view, connect]);

  const close = () => {
    asked.current = undefined;
    onClose();
  };

  const state = session.data?.state ?? 'connecting';
  const body = () => {
    if (connect.isError) return <Alert type="error" showIcon title={labels.connectFailed} />;
    if (state === 'open')
      return (
        <Result
          status="success"
          title={labels.states.open}
          subTitle={session.data?.phone && interpolate(labels.linkedPhone, { phone: session.data.phone })}
          data-testid="whatsapp-qr-connected"
        />
      );
    if (state === 'qr' && session.data?.qr)
      return (
        <Flex vertical align="center" gap={16}>
          <QRCode
            value={session.data.qr}
            size={264}
            data-testid="whatsapp-qr-code"
            data-qr={session.data.qr}
          />
          <Typography.Text type="secondary">{labels.qrSteps}</Typography.Text>
        </Flex>
      );
    return (
      <Flex vertical align="center" gap={12} style={{ padding: 32 }}>
        <Spin />
        <Typography.Text>{labels.states[state]}</Typography.Text>
      </Flex>
    );
  };

  return (
    <Modal
      open={view !== undefined}
      title={view && interpolate(labels.qrTitle, { label: view.label })}
      onCancel={close}
      footer={
        <Button
          type={state === 'open' ? 'primary' : 'default'}
          onClick={close}
          data-testid="whatsapp-qr-close"
        >
          {state === 'open' ? ptBR.channelsScreens.done : ptBR.forms.cancel}
        </Button>
      }
      width={420}
      destroyOnHidden
      data-testid="whatsapp-qr-modal"
      data-state={state}
    >
      {body()}
    </Modal>
  );
}
