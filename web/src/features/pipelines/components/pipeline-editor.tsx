import { ACTIVITY_TYPES, type PipelineView } from '@atende/shared/contracts/pipelines/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import {
  App,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { PipelineInput } from '../api/pipelines-api.ts';
import { useEmployees, useFunnelMutations, useTags } from '../hooks/use-funnel.ts';

const t = ptBR.pipelines.screens;
const types = ptBR.pipelines.activities.types;

interface StageForm {
  _id?: string;
  name: string;
  probability: number;
  activity: boolean;
  activity_title?: string;
  activity_type?: (typeof ACTIVITY_TYPES)[number];
  due_in_days?: number;
  assignee?: string | null;
  add_tag?: string;
  remove_tag?: string;
  notify_owner?: boolean;
}

const toForm = (pipeline: PipelineView | undefined): { name: string; stages: StageForm[] } => ({
  name: pipeline?.name ?? '',
  stages: pipeline?.stages.map((stage) => ({
    _id: stage._id,
    name: stage.name,
    probability: stage.probability,
    activity: Boolean(stage.rules.activity),
    activity_title: stage.rules.activity?.title,
    activity_type: stage.rules.activity?.type,
    due_in_days: stage.rules.activity?.due_in_days,
    assignee: stage.rules.activity?.assignee ?? null,
    add_tag: stage.rules.add_tag,
    remove_tag: stage.rules.remove_tag,
    notify_owner: stage.rules.notify_owner,
  })) ?? [{ name: '', probability: 10, activity: false }],
});

const toStage = (stage: StageForm): PipelineInput['stages'][number] => ({
  ...(stage._id ? { _id: stage._id } : {}),
  name: stage.name,
  probability: stage.probability ?? 0,
  rules: {
    ...(stage.activity
      ? {
          activity: {
            title: stage.activity_title ?? '',
            type: stage.activity_type ?? 'task',
            due_in_days: stage.due_in_days ?? 0,
            assignee: stage.assignee ?? null,
          },
        }
      : {}),
    ...(stage.add_tag ? { add_tag: stage.add_tag } : {}),
    ...(stage.remove_tag ? { remove_tag: stage.remove_tag } : {}),
    notify_owner: stage.notify_owner ?? false,
  },
});

/** Create or edit a pipeline: its name, its stages in order, each with its probability and entry rules. */
export function PipelineEditor({
  pipeline,
  open,
  onClose,
  onSaved,
}: {
  pipeline?: PipelineView;
  open: boolean;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; stages: StageForm[] }>();
  const [moves, setMoves] = useState<Record<string, string>>({});
  const { createPipeline, updatePipeline, deletePipeline } = useFunnelMutations();
  const tags = useTags().data ?? [];
  const employees = useEmployees().data ?? [];
  const stagesNow = Form.useWatch('stages', form) ?? [];
  const kept = new Set(stagesNow.map((stage) => stage?._id).filter(Boolean));
  const removed = pipeline?.stages.filter((stage) => !kept.has(stage._id)) ?? [];
  const [error, setError] = useState<string>();

  const submit = async (values: { name: string; stages: StageForm[] }) => {
    setError(undefined);
    const stages = values.stages.map(toStage);
    try {
      const saved = pipeline
        ? await updatePipeline.mutateAsync({
            id: pipeline._id,
            body: {
              name: values.name,
              stages,
              moves: removed.flatMap((stage) =>
                moves[stage._id] ? [{ from: stage._id, to: moves[stage._id] as string }] : [],
              ),
            },
          })
        : await createPipeline.mutateAsync({ name: values.name, stages });
      void message.success(t.saved);
      onSaved(saved._id);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t.loadError);
    }
  };

  return (
    <Modal
      open={open}
      title={pipeline ? t.editPipeline : t.newPipeline}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t.save}
      cancelText={t.cancel}
      width={760}
      confirmLoading={createPipeline.isPending || updatePipeline.isPending}
      destroyOnHidden
      footer={(buttons) => (
        <Flex justify="space-between">
          {pipeline ? (
            <Button
              danger
              onClick={async () => {
                try {
                  await deletePipeline.mutateAsync(pipeline._id);
                  void message.success(t.deleted);
                  onSaved('');
                } catch (failure) {
                  setError(failure instanceof Error ? failure.message : t.loadError);
                }
              }}
            >
              {t.deletePipeline}
            </Button>
          ) : (
            <span />
          )}
          <Space>{buttons}</Space>
        </Flex>
      )}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={toForm(pipeline)}
        onFinish={submit}
        data-testid="pipeline-form"
      >
        <Form.Item
          name="name"
          label={t.pipelineName}
          rules={[{ required: true, whitespace: true, message: ptBR.forms.requiredField }]}
        >
          <Input maxLength={60} data-testid="pipeline-name" />
        </Form.Item>
        <Form.List name="stages">
          {(fields, { add, remove, move }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Card key={field.key} size="small" data-testid="stage-editor">
                  <Flex gap={8} wrap align="start">
                    <Form.Item
                      name={[field.name, 'name']}
                      label={t.stageName}
                      rules={[{ required: true, whitespace: true, message: ptBR.forms.requiredField }]}
                    >
                      <Input maxLength={40} data-testid="stage-name" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'probability']}
                      label={t.probability}
                      rules={[{ required: true, message: ptBR.pipelines.probabilityInvalid }]}
                    >
                      <InputNumber min={0} max={100} precision={0} />
                    </Form.Item>
                    <Space style={{ marginTop: 30 }}>
                      <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)}>
                        {t.moveUp}
                      </Button>
                      <Button
                        size="small"
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        {t.moveDown}
                      </Button>
                      <Button
                        size="small"
                        danger
                        disabled={fields.length === 1}
                        onClick={() => remove(field.name)}
                      >
                        {t.removeStage}
                      </Button>
                    </Space>
                  </Flex>
                  <Typography.Text type="secondary">{t.rules}</Typography.Text>
                  <Flex gap={8} wrap align="center">
                    <Form.Item name={[field.name, 'activity']} valuePropName="checked" noStyle>
                      <Checkbox data-testid="rule-activity">{t.ruleActivity}</Checkbox>
                    </Form.Item>
                    <Form.Item name={[field.name, 'activity_title']} noStyle>
                      <Input
                        placeholder={t.ruleActivityTitle}
                        style={{ width: 200 }}
                        maxLength={120}
                        data-testid="rule-activity-title"
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'activity_type']} noStyle>
                      <Select
                        placeholder={ptBR.pipelines.activities.type}
                        style={{ width: 130 }}
                        options={ACTIVITY_TYPES.map((value) => ({ value, label: types[value] }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'due_in_days']} noStyle>
                      <InputNumber
                        min={0}
                        max={365}
                        precision={0}
                        placeholder={t.ruleDueDays}
                        style={{ width: 120 }}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'assignee']} noStyle>
                      <Select
                        allowClear
                        placeholder={t.ruleAssigneeOwner}
                        style={{ width: 200 }}
                        options={employees.map((employee) => ({ value: employee._id, label: employee.name }))}
                      />
                    </Form.Item>
                  </Flex>
                  <Flex gap={8} wrap align="center" style={{ marginTop: 8 }}>
                    <Form.Item name={[field.name, 'add_tag']} noStyle>
                      <Select
                        allowClear
                        placeholder={t.ruleAddTag}
                        style={{ width: 200 }}
                        options={tags.map((tag) => ({ value: tag._id, label: tag.name }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'remove_tag']} noStyle>
                      <Select
                        allowClear
                        placeholder={t.ruleRemoveTag}
                        style={{ width: 200 }}
                        options={tags.map((tag) => ({ value: tag._id, label: tag.name }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'notify_owner']} valuePropName="checked" noStyle>
                      <Checkbox>{t.ruleNotifyOwner}</Checkbox>
                    </Form.Item>
                  </Flex>
                </Card>
              ))}
              <Button
                onClick={() => add({ name: '', probability: 0, activity: false })}
                data-testid="add-stage"
              >
                {t.addStage}
              </Button>
            </Flex>
          )}
        </Form.List>
        {removed.map((stage) => (
          <Form.Item key={stage._id} label={`${stage.name}: ${t.moveDealsTo}`}>
            <Select
              allowClear
              value={moves[stage._id]}
              onChange={(to: string | undefined) =>
                setMoves((current) => ({ ...current, [stage._id]: to ?? '' }))
              }
              options={stagesNow
                .filter((kept) => kept?._id)
                .map((kept) => ({ value: kept._id as string, label: kept.name }))}
            />
          </Form.Item>
        ))}
        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
