import type { DemandView } from '@atende/shared/contracts/ai/insight-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { aiApi, aiKeys } from '../api/ai-api.ts';
import { useAiMutation, useKnowledgeBases } from '../hooks/use-ai.ts';

const t = ptBR.ai.insights.demands;
const required = [{ required: true, whitespace: true, message: ptBR.forms.requiredField }];

interface Values {
  knowledge_base?: string;
  question?: string;
  answer?: string;
}

/** Answers a demand: a question-and-answer entry in a chosen base; the demand then leaves the list. */
export function ResolveDemandModal({
  demand,
  onClose,
}: {
  demand: DemandView | undefined;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const bases = useKnowledgeBases();
  const resolve = useAiMutation(
    (values: Required<Values>) => aiApi.resolveDemand(demand?._id ?? '', values),
    [aiKeys.allDemands, aiKeys.bases],
  );
  useEffect(() => {
    if (demand)
      form.setFieldsValue({ question: demand.question, answer: '', knowledge_base: bases.data?.[0]?._id });
  }, [demand, bases.data, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await resolve.mutateAsync({
        knowledge_base: values.knowledge_base ?? '',
        question: values.question ?? '',
        answer: values.answer ?? '',
      });
      void message.success(t.resolved);
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : ptBR.ai.screens.saveFailed);
    }
  };

  return (
    <Modal
      open={demand !== undefined}
      title={t.toKnowledge}
      okText={ptBR.ai.screens.save}
      cancelText={ptBR.ai.screens.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={resolve.isPending}
      okButtonProps={
        {
          disabled: bases.data?.length === 0,
          'data-testid': 'demand-resolve-save',
        } as Record<`data-${string}`, string> & { disabled: boolean }
      }
      destroyOnHidden
    >
      {bases.data?.length === 0 && <Alert type="warning" showIcon title={t.noKnowledgeBases} />}
      <Form form={form} layout="vertical">
        <Form.Item name="knowledge_base" label={t.knowledgeBase} rules={required}>
          <Select
            loading={bases.isLoading}
            options={(bases.data ?? []).map((kb) => ({ value: kb._id, label: kb.name }))}
            data-testid="demand-resolve-base"
          />
        </Form.Item>
        <Form.Item name="question" label={t.question} rules={required}>
          <Input maxLength={1000} data-testid="demand-resolve-question" />
        </Form.Item>
        <Form.Item name="answer" label={t.answer} rules={required}>
          <Input.TextArea rows={4} maxLength={5000} data-testid="demand-resolve-answer" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
