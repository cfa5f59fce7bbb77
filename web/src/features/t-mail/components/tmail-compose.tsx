import { PaperClipOutlined } from '@ant-design/icons';
import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { sendTmailBody } from '@atende/shared/contracts/tmail/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Progress, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { type SendTmailInput, tmailApi, tmailKeys } from '../api/tmail-api.ts';

const labels = ptBR.tmail;
type Attachment = NonNullable<SendTmailInput['attachments']>[number];

interface Values {
  employees: string[];
  departments: string[];
  subject: string;
  body: string;
}

const flattenDepartments = (nodes: readonly DepartmentNode[]): { value: string; label: string }[] =>
  nodes.flatMap((node) => [
    { value: node._id, label: node.label },
    ...flattenDepartments(node.sub_departments),
  ]);

/** Compose: people (searched as typed) and departments, subject, text and attachments uploaded as they are picked. */
export function TmailCompose({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [progress, setProgress] = useState<number | undefined>();
  const people = useQuery({
    queryKey: tmailKeys.people(search),
    queryFn: () => tmailApi.people(search),
    enabled: open,
    select: (answer) => answer.people.map((person) => ({ value: person._id, label: person.name })),
  });
  const departments = useQuery({
    queryKey: tmailKeys.departments,
    queryFn: tmailApi.departments,
    enabled: open,
    select: (answer) => flattenDepartments(answer.departments),
  });
  const send = useMutation({
    mutationFn: (values: Values) => tmailApi.send({ ...values, attachments }),
    onSuccess: () => {
      void message.success(labels.sentOk, LIMITS.toastDurationMs / 1000);
      void queryClient.invalidateQueries({ queryKey: tmailKeys.box('sent') });
      form.resetFields();
      setAttachments([]);
      onClose();
    },
    onError: (error) => {
      const field =
        error instanceof ApiRequestError ? (error.data as { field?: string } | undefined)?.field : undefined;
      if (field && ['employees', 'departments', 'subject', 'body'].includes(field)) {
        form.setFields([{ name: field as keyof Values, errors: [error.message] }]);
      } else void message.error(error instanceof Error ? error.message : labels.sendError);
    },
  });

  const pick = async (file: File) => {
    setProgress(0);
    try {
      const uploaded = await tmailApi.upload(file, setProgress);
      setAttachments((current) => [...current, uploaded]);
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : labels.uploadError);
    } finally {
      setProgress(undefined);
    }
  };

  const submit = (values: Values) => {
    const employees = values.employees ?? [];
    const chosenDepartments = values.departments ?? [];
    if (employees.length + chosenDepartments.length === 0) {
      form.setFields([{ name: 'employees', errors: [labels.noRecipients] }]);
      return;
    }
    send.mutate({ ...values, employees, departments: chosenDepartments });
  };

  return (
    <Modal
      open={open}
      title={labels.compose}
      onCancel={onClose}
      okText={labels.send}
      onOk={() => form.submit()}
      confirmLoading={send.isPending}
      okButtonProps={{ disabled: progress !== undefined, 'data-testid': 'tmail-send' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ employees: [], departments: [] }}
      >
        <Form.Item name="employees" label={labels.toPeople}>
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            options={people.data ?? []}
            loading={people.isFetching}
            notFoundContent={ptBR.forms.noOptions}
            data-testid="tmail-to-people"
          />
        </Form.Item>
        <Form.Item name="departments" label={labels.toDepartments}>
          <Select
            mode="multiple"
            options={departments.data ?? []}
            optionFilterProp="label"
            notFoundContent={ptBR.forms.noOptions}
            data-testid="tmail-to-departments"
          />
        </Form.Item>
        <Form.Item
          name="subject"
          label={labels.subject}
          required
          rules={[{ validator: zodRule(sendTmailBody.shape.subject) }]}
        >
          <Input maxLength={200} data-testid="tmail-subject" />
        </Form.Item>
        <Form.Item
          name="body"
          label={labels.body}
          required
          rules={[{ validator: zodRule(sendTmailBody.shape.body) }]}
        >
          <Input.TextArea rows={6} maxLength={20_000} data-testid="tmail-body" />
        </Form.Item>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button icon={<PaperClipOutlined />} onClick={() => choose(pick)} disabled={progress !== undefined}>
            {labels.attach}
          </Button>
          {progress !== undefined && <Progress percent={progress} size="small" />}
          {attachments.map((attachment) => (
            <Typography.Text key={attachment.upload_id}>{attachment.file_name}</Typography.Text>
          ))}
        </Space>
      </Form>
    </Modal>
  );
}

/** Form rule from the contract's own schema, so the browser and the server refuse the same input. */
const zodRule = (schema: z.ZodType) => async (_: unknown, value: unknown) => {
  const result = schema.safeParse(value ?? '');
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? ptBR.forms.requiredField);
};

const choose = (onFile: (file: File) => Promise<void>) => {
  const input = document.createElement('input');
  input.type = 'file';
  input.onchange = () => {
    const file = input.files?.[0];
    if (file) void onFile(file);
  };
  input.click();
};
