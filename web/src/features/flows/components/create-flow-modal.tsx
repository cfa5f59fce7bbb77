import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App, Form, Input, Modal } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useFlowMutations } from '../hooks/use-flows.ts';
import { builderPath } from './paths.ts';

const labels = ptBR.flows.screens;

/** Asks the new flow's name, creates it (within the plan's limit) and opens it in the builder. */
export function CreateFlowModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const { create } = useFlowMutations();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const submit = async ({ name }: { name: string }) => {
    try {
      const flow = await create.mutateAsync(name);
      onClose();
      navigate(builderPath(flow._id));
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : labels.loadFailed);
    }
  };
  return (
    <Modal
      open={open}
      title={labels.createTitle}
      okText={labels.create}
      cancelText={labels.cancel}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'flow-create-confirm' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label={labels.name}
          rules={[{ required: true, whitespace: true, message: ptBR.forms.requiredField }, { max: 80 }]}
        >
          <Input autoFocus data-testid="flow-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
