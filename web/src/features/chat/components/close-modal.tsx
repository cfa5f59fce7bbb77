import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTabulations } from '../hooks/use-side-data.ts';

const labels = ptBR.chat.close;

/** Closing asks for the service category when the company uses them (the server requires it when configured). */
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
  const usesCategories = tabulations.data?.tabulation_mode === true;
  return (
    <Modal
      open={open}
      title={labels.title}
      okText={labels.confirm}
      cancelText={ptBR.forms.cancel}
      okButtonProps={{ danger: true, 'data-testid': 'close-confirm' }}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => onClose(tabulation)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={labels.category} required={usesCategories}>
          <Select
            allowClear
            value={tabulation}
            onChange={setTabulation}
            loading={tabulations.isPending}
            options={(tabulations.data?.tabulations ?? []).map((item) => ({
              value: item._id,
              label: item.label,
            }))}
            notFoundContent={ptBR.forms.noOptions}
            data-testid="close-category"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
