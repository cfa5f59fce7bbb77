import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Modal, Typography } from 'antd';

const labels = ptBR.developers.webhooks;

/** The signing secret, shown once after a create or a rotation. */
export function SecretModal({ secret, onClose }: { secret: string | undefined; onClose: () => void }) {
  return (
    <Modal
      open={secret !== undefined}
      title={labels.secretTitle}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'webhook-secret-close' }}
    >
      <Alert type="warning" showIcon title={labels.secretOnce} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: secret ?? '' }} code data-testid="webhook-secret">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
