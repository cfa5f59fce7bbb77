import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Form, Modal, Radio, Spin } from 'antd';
import { useState } from 'react';
import { useTabulations } from '../hooks/use-side-data.ts';
import { closeAllowed, closePicker } from '../state/close-picker.ts';

const labels = ptBR.chat.close;

/**
 * Closing asks for the service category only when the company has categories (the server requires one when
 * configured). The categories are an inline list, not a dropdown, so nothing ever covers "Encerrar".
 */
export function CloseModal({
  open,
  busy,
  onCancel,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onClose: (tabulation: string | undefined) => void;
}) {
  const tabulations = useTabulations(open);
  const [tabulation, setTabulation] = useState<string>();
  const [tried, setTried] = useState(false);
  const picker = closePicker(tabulations.data, tabulations.isPending);
  const allowed = closeAllowed(picker, tabulation);
  return (
    <Modal
      open={open}
      title={labels.title}
      okText={labels.confirm}
      cancelText={ptBR.forms.cancel}
      okButtonProps={{ danger: true, disabled: picker.kind === 'loading', 'data-testid': 'close-confirm' }}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => {
        setTried(true);
        if (allowed) onClose(tabulation);
      }}
      destroyOnHidden
    >
      {picker.kind === 'loading' && <Spin />}
      {picker.kind === 'choose' && (
        <Form layout="vertical">
          <Form.Item
            label={labels.category}
            required={picker.required}
            validateStatus={tried && !allowed ? 'error' : undefined}
            help={tried && !allowed ? ptBR.forms.requiredField : undefined}
          >
            <Radio.Group
              value={tabulation}
              onChange={(event) => setTabulation(String(event.target.value))}
              options={picker.options}
              style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 240, overflowY: 'auto' }}
              data-testid="close-category"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
