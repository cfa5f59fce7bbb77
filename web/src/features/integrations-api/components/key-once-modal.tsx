import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Modal, Typography } from 'antd';

const labels = ptBR.developers.api;

/** A new key, shown this once: only its hash is kept. */
export function KeyOnceModal({ apiKey, onClose }: { apiKey: string | undefined; onClose: () => void }) {
  return (
    <Modal
      open={apiKey !== undefined}
      title={labels.keys}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'api-key-close' }}
    >
      <Alert type="warning" showIcon title={labels.keyOnce} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: apiKey ?? '' }} code data-testid="api-key-value">
        {apiKey}
      </Typography.Paragraph>
    </Modal>
  );
}
