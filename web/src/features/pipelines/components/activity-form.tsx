import { ACTIVITY_TYPES } from '@atende/shared/contracts/pipelines/views';
import type { ActivityView } from '@atende/shared/contracts/pipelines/activity-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEmployees, useFunnelMutations } from '../hooks/use-funnel.ts';

const a = ptBR.pipelines.activities;
const required = { required: true, message: ptBR.forms.requiredField };

interface Values {
  title: string;
  type: ActivityView['type'];
  due_at: Dayjs;
  assignee?: string;
  notes?: string;
}

/** Create or edit an activity (rescheduling arms its reminder again). */
export function ActivityForm({
  activity,
  defaults,
  onClose,
}: {
  activity?: ActivityView;
  defaults?: { customer?: string; deal?: string; conversation?: string };
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const employees = useEmployees().data ?? [];
  const { createActivity, updateActivity } = useFunnelMutations();
  const submit = async (values: Values) => {
    const body = {
      title: values.title,
      type: values.type,
      due_at: values.due_at.toISOString(),
      notes: values.notes ?? '',
      ...(values.assignee ? { assignee: values.assignee } : {}),
    };
    try {
      if (activity) await updateActivity.mutateAsync({ id: activity._id, body });
      else await createActivity.mutateAsync({ ...body, ...defaults });
      void message.success(activity ? a.saved : a.created);
      onClose();
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : ptBR.pipelines.screens.loadError);
    }
  };
  return (
    <Modal
      open
      title={activity ? a.editActivity : a.newActivity}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={ptBR.pipelines.screens.save}
      cancelText={ptBR.pipelines.screens.cancel}
      confirmLoading={createActivity.isPending || updateActivity.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          activity
            ? {
                title: activity.title,
                type: activity.type,
                due_at: dayjs(activity.due_at),
                assignee: activity.assignee,
                notes: activity.notes,
              }
            : { type: 'task', due_at: dayjs().add(1, 'hour').startOf('hour') }
        }
      >
        <Form.Item name="title" label={a.title} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={120} data-testid="activity-title" />
        </Form.Item>
        <Form.Item name="type" label={a.type} rules={[required]}>
          <Select options={ACTIVITY_TYPES.map((value) => ({ value, label: a.types[value] }))} />
        </Form.Item>
        <Form.Item name="due_at" label={a.dueAt} rules={[required]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        {employees.length > 0 && (
          <Form.Item name="assignee" label={a.assignee}>
            <Select
              allowClear
              options={employees.map((employee) => ({ value: employee._id, label: employee.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="notes" label={a.notes}>
          <Input.TextArea maxLength={2000} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
