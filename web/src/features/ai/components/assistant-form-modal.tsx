import type { AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import { BUILT_IN_SKILLS } from '@atende/shared/contracts/ai/assistant-views';
import { aiCrmSkillsPtBR } from '@atende/shared/i18n/ai-screens';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { ACTIVITY_TYPES } from '@atende/shared/contracts/pipelines/views';
import { App, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { aiApi, aiKeys, type AssistantInput } from '../api/ai-api.ts';
import { useAiMutation, useAssistantChoices, useCrmChoices, useKnowledgeBases } from '../hooks/use-ai.ts';

const s = ptBR.ai.screens;
const crm = aiCrmSkillsPtBR;
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
  deal: boolean;
  deal_pipeline?: string | undefined;
  deal_stage?: string | null | undefined;
  deal_owner?: string | undefined;
  activity: boolean;
  activity_assignee?: string | undefined;
  activity_type: (typeof ACTIVITY_TYPES)[number];
}

function crmValues(assistant?: AssistantView) {
  const skills = assistant?.skills ?? [];
  const deal = skills.find((skill) => skill.kind === 'create_deal');
  const activity = skills.find((skill) => skill.kind === 'schedule_activity');
  return {
    deal: Boolean(deal),
    deal_pipeline: deal?.pipeline,
    deal_stage: deal?.stage ?? null,
    deal_owner: deal?.owner,
    activity: Boolean(activity),
    activity_assignee: activity?.assignee,
    activity_type: activity?.activity_type ?? ('call' as const),
  };
}

/** The configured CRM skills from the form (their fields are required while switched on). */
function crmSkills(values: Values): AssistantInput['skills'] {
  return [
    ...(values.deal && values.deal_pipeline && values.deal_owner
      ? [
          {
            kind: 'create_deal' as const,
            pipeline: values.deal_pipeline,
            stage: values.deal_stage ?? null,
            owner: values.deal_owner,
          },
        ]
      : []),
    ...(values.activity && values.activity_assignee
      ? [
          {
            kind: 'schedule_activity' as const,
            assignee: values.activity_assignee,
            activity_type: values.activity_type,
          },
        ]
      : []),
  ];
}

const initial = (assistant?: AssistantView): Values => ({
  name: assistant?.name ?? '',
  instructions: assistant?.instructions ?? '',
  knowledge_bases: assistant?.knowledge_bases ?? [],
  builtIns: (assistant?.skills ?? [{ kind: 'handoff' as const }]).flatMap((skill) =>
    (BUILT_IN_SKILLS as readonly string[]).includes(skill.kind)
      ? [skill.kind as (typeof BUILT_IN_SKILLS)[number]]
      : [],
  ),
  ...crmValues(assistant),
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
  const { pipelines, employees } = useCrmChoices(open);
  const dealOn = Form.useWatch('deal', form);
  const activityOn = Form.useWatch('activity', form);
  const chosenPipeline = Form.useWatch('deal_pipeline', form);
  const stages = pipelines.find((pipeline) => pipeline._id === chosenPipeline)?.stages ?? [];
  const employeeOptions = employees.map((employee) => ({ value: employee._id, label: employee.name }));
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
        skills: [...values.builtIns.map((kind) => ({ kind })), ...(crmSkills(values) ?? []), ...httpSkills],
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
        <Form.Item name="deal" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox data-testid="skill-create-deal">{s.skillNames.create_deal}</Checkbox>
        </Form.Item>
        {dealOn && (
          <>
            <Form.Item name="deal_pipeline" label={crm.dealPipeline} rules={required}>
              <Select
                options={pipelines.map((pipeline) => ({ value: pipeline._id, label: pipeline.name }))}
                onChange={() => form.setFieldValue('deal_stage', null)}
              />
            </Form.Item>
            <Form.Item name="deal_stage" label={crm.dealStage}>
              <Select allowClear options={stages.map((stage) => ({ value: stage._id, label: stage.name }))} />
            </Form.Item>
            <Form.Item name="deal_owner" label={crm.dealOwner} rules={required}>
              <Select showSearch optionFilterProp="label" options={employeeOptions} />
            </Form.Item>
          </>
        )}
        <Form.Item name="activity" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox data-testid="skill-schedule-activity">{s.skillNames.schedule_activity}</Checkbox>
        </Form.Item>
        {activityOn && (
          <>
            <Form.Item name="activity_assignee" label={crm.activityAssignee} rules={required}>
              <Select showSearch optionFilterProp="label" options={employeeOptions} />
            </Form.Item>
            <Form.Item name="activity_type" label={crm.activityType}>
              <Select
                options={ACTIVITY_TYPES.map((type) => ({
                  value: type,
                  label: ptBR.pipelines.activities.types[type],
                }))}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
