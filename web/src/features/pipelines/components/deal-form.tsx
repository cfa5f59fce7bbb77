import { money } from '@atende/shared/contracts/pipelines/deal-views';
import type { PipelineView } from '@atende/shared/contracts/pipelines/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useContactSearch, useFunnelMutations } from '../hooks/use-funnel.ts';

const t = ptBR.pipelines.screens;
const required = { required: true, message: ptBR.forms.requiredField };

interface Values {
  title: string;
  customer: string;
  stage: string;
  value?: number;
}

/** "Criar negócio" on the board: a title, a contact found by name, a stage and a value in reais. */
export function DealForm({
  pipeline,
  open,
  onClose,
}: {
  pipeline: PipelineView;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const contacts = useContactSearch(search);
  const { createDeal } = useFunnelMutations();
  const submit = async (values: Values) => {
    try {
      await createDeal.mutateAsync({ pipeline: pipeline._id, ...values, value: values.value ?? 0 });
      void message.success(t.dealCreated);
      form.resetFields();
      onClose();
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : t.loadError);
    }
  };
  return (
    <Modal
      open={open}
      title={t.newDeal}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={createDeal.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ stage: pipeline.stages[0]?._id }}
      >
        <Form.Item name="title" label={t.dealTitle} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={120} data-testid="deal-title" />
        </Form.Item>
        <Form.Item name="customer" label={t.dealCustomer} rules={[required]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={contacts.isFetching}
            options={(contacts.data ?? []).map((contact) => ({
              value: contact._id,
              label: contact.full_name,
            }))}
            data-testid="deal-customer"
          />
        </Form.Item>
        <Form.Item name="stage" label={t.stage} rules={[required]}>
          <Select options={pipeline.stages.map((stage) => ({ value: stage._id, label: stage.name }))} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t.dealValue}
          rules={[
            {
              validator: async (_, value: unknown) => {
                if (value !== undefined && value !== null && !money.safeParse(value).success)
                  throw new Error(ptBR.pipelines.valueInvalid);
              },
            },
          ]}
        >
          <InputNumber
            min={0}
            precision={2}
            decimalSeparator=","
            style={{ width: '100%' }}
            data-testid="deal-value"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
