import type { TabulationView } from '@atende/shared/contracts/tabulations/views';
import { createTabulationBody } from '@atende/shared/contracts/tabulations/create-tabulation';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, List, Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { patchTabulation, postTabulation, removeTabulation } from '../api/departments-api.ts';
import { organizationKeys } from '../api/query-keys.ts';
import { useOrganizationChange, useTabulations } from '../hooks/use-organization.ts';

const labels = ptBR.adminScreens.tabulations;
const labelRule = {
  validator: async (_: unknown, value: unknown) => {
    const parsed = createTabulationBody.shape.label.safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  },
};

/** Service categories: create, rename, delete. */
export function TabulationsPanel() {
  const { modal } = App.useApp();
  const tabulations = useTabulations();
  const [form] = Form.useForm<{ label: string }>();
  /** undefined: closed; null: creating; a category: renaming it. */
  const [editing, setEditing] = useState<TabulationView | null>();
  const save = useOrganizationChange(
    organizationKeys.tabulations,
    (label: string) => (editing ? patchTabulation(editing._id, label) : postTabulation(label)),
    labels.saved,
  );
  const remove = useOrganizationChange(organizationKeys.tabulations, removeTabulation, labels.deleted);

  useEffect(() => {
    if (editing === undefined) return;
    form.setFieldsValue({ label: editing?.label ?? '' });
  }, [editing, form]);

  const confirmDelete = (tabulation: TabulationView) =>
    modal.confirm({
      title: interpolate(labels.deleteConfirm, { name: tabulation.label }),
      okText: ptBR.adminScreens.common.delete,
      cancelText: ptBR.forms.cancel,
      okButtonProps: { danger: true, 'data-testid': 'tabulation-delete-confirm' },
      onOk: () => remove.mutateAsync(tabulation._id).catch(() => undefined),
    });

  return (
    <Card
      size="small"
      title={labels.title}
      data-testid="tabulations-panel"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="tabulation-add">
          {labels.add}
        </Button>
      }
    >
      {tabulations.isPending && <Skeleton active />}
      {tabulations.isError && (
        <Alert
          type="error"
          showIcon
          title={
            tabulations.error instanceof ApiRequestError
              ? tabulations.error.message
              : ptBR.adminScreens.common.loadFailed
          }
          action={
            <Button onClick={() => void tabulations.refetch()}>{ptBR.adminScreens.common.retry}</Button>
          }
        />
      )}
      {tabulations.isSuccess && (
        <List
          dataSource={tabulations.data.tabulations}
          locale={{ emptyText: labels.empty }}
          data-testid="tabulations-list"
          renderItem={(tabulation) => (
            <List.Item
              data-testid={`tabulation-${tabulation._id}`}
              actions={[
                <Button
                  key="edit"
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={ptBR.adminScreens.common.edit}
                  onClick={() => setEditing(tabulation)}
                  data-testid={`tabulation-edit-${tabulation._id}`}
                />,
                <Button
                  key="delete"
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={ptBR.adminScreens.common.delete}
                  onClick={() => confirmDelete(tabulation)}
                  data-testid={`tabulation-delete-${tabulation._id}`}
                />,
              ]}
            >
              {tabulation.label}
            </List.Item>
          )}
        />
      )}
      <Modal
        open={editing !== undefined}
        title={editing ? ptBR.adminScreens.common.edit : labels.add}
        okText={ptBR.forms.save}
        cancelText={ptBR.forms.cancel}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': 'tabulation-form-submit' }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={({ label }) =>
            save.mutateAsync(label).then(
              () => setEditing(undefined),
              () => undefined,
            )
          }
        >
          <Form.Item name="label" label={labels.name} rules={[labelRule]} required>
            <Input maxLength={80} data-testid="tabulation-form-label" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
