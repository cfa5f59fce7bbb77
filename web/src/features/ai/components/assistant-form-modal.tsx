import type { AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import { BUILT_IN_SKILLS } from '@atende/shared/contracts/ai/assistant-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { aiApi, aiKeys, type AssistantInput } from '../api/ai-api.ts';
import { useAiMutation, useAssistantChoices, useKnowledgeBases } from '../hooks/use-ai.ts';

const s = ptBR.ai.screens;
const required = [{ required: true, message: ptBR.forms.requiredField }];

interface Values {
  name: string;
  instructions: string;
  knowledge_bases: string[];
  builtIns: (typeof BUILT_IN_SKILLS)[number][];
  channels: string[];
  department: string | null;
  threshold: number;
  keywords: string[];
  refused_topics: string[];
  max_answer_chars: number;
}

const initial = (assistant?: AssistantView): Values => ({
  name: assistant?.name ?? '',
  instructions: assistant?.instructions ?? '',
  knowledge_bases: assistant?.knowledge_bases ?? [],
  builtIns: (assistant?.skills ?? [{ kind: 'handoff' as const }]).flatMap((skill) =>
    skill.kind === 'http' ? [] : [skill.kind],
  ),
  channels: assistant?.channels ?? [],
  department: assistant?.handoff.department ?? null,
  threshold: assistant?.handoff.threshold ?? 0.5,
  keywords: assistant?.keywords ?? [],
  refused_topics: assistant?.guardrails.refused_topics ?? [],
  max_answer_chars: assistant?.guardrails.max_answer_chars ?? 700,
});

/** Creates or edits an assistant: knowledge, channels it answers, handoff rules, guardrails and skills. */
export function AssistantFormModal({
  assistant,
  open,
  onClose,
}: {
  assistant?: AssistantView;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const bases = useKnowledgeBases();
  const { channels, departments } = useAssistantChoices();
  const save = useAiMutation(
    (body: AssistantInput) =>
      assistant ? aiApi.updateAssistant(assistant._id, body) : aiApi.createAssistant(body),
    [aiKeys.assistants],
  );
  useEffect(() => {
    if (open) form.setFieldsValue(initial(assistant));
  }, [open, assistant, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const httpSkills = (assistant?.skills ?? []).filter((skill) => skill.kind === 'http');
    try {
      await save.mutateAsync({
        name: values.name,
        instructions: values.instructions,
        knowledge_bases: values.knowledge_bases,
        skills: [...values.builtIns.map((kind) => ({ kind })), ...httpSkills],
        channels: values.channels,
        handoff: { department: values.department, threshold: values.threshold },
        keywords: values.keywords,
        guardrails: { refused_topics: values.refused_topics, max_answer_chars: values.max_answer_chars },
      });
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : s.saveFailed);
    }
  };

  return (
    <Modal
      width={720}
      open={open}
      title={assistant ? s.editAssistant : s.newAssistant}
      okText={s.save}
      cancelText={s.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'assistant-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={s.name} rules={required}>
          <Input maxLength={80} data-testid="assistant-name" />
        </Form.Item>
        <Form.Item name="instructions" label={s.instructions}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
        <Form.Item name="knowledge_bases" label={s.knowledgeBases}>
          <Select
            mode="multiple"
            options={(bases.data ?? []).map((kb) => ({ value: kb._id, label: kb.name }))}
            data-testid="assistant-kbs"
          />
        </Form.Item>
        <Form.Item name="channels" label={s.channels}>
          <Select
            mode="multiple"
            options={channels.map((channel) => ({ value: channel._id, label: channel.label }))}
            data-testid="assistant-channels"
          />
        </Form.Item>
        <Form.Item name="department" label={s.department}>
          <Select
            allowClear
            options={[
              { value: null, label: s.generalQueue },
              ...departments.map((node) => ({ value: node._id, label: node.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="threshold" label={s.threshold}>
          <InputNumber min={0} max={1} step={0.05} />
        </Form.Item>
        <Form.Item name="keywords" label={s.keywords}>
          <Select mode="tags" tokenSeparators={[',']} open={false} />
        </Form.Item>
        <Form.Item name="refused_topics" label={s.refusedTopics}>
          <Select mode="tags" tokenSeparators={[',']} open={false} />
        </Form.Item>
        <Form.Item name="max_answer_chars" label={s.maxAnswer}>
          <InputNumber min={100} max={4000} step={50} />
        </Form.Item>
        <Form.Item name="builtIns" label={s.skills}>
          <Checkbox.Group
            options={BUILT_IN_SKILLS.map((kind) => ({ value: kind, label: s.skillNames[kind] }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
