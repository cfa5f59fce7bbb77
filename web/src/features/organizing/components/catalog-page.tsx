import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance, TableColumnsType } from 'antd';
import { Alert, App, Button, Flex, Form, Modal, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const common = ptBR.contactsScreens.common;

export interface CatalogApi<Item, Values> {
  queryKey: QueryKey;
  list: () => Promise<Item[]>;
  create: (values: Values) => Promise<unknown>;
  update: (item: Item, values: Values) => Promise<unknown>;
  remove: (item: Item) => Promise<unknown>;
}

export interface CatalogPageProps<Item extends object, Values extends object> {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
  /** Prefix of every data-testid of the page (`<prefix>-page`, `<prefix>-add`, `<prefix>-row`, ...). */
  testId: string;
  addLabel: string;
  api: CatalogApi<Item, Values>;
  rowKey: (item: Item) => string;
  rowName: (item: Item) => string;
  columns: TableColumnsType<Item>;
  /** Default entries (variables, commands) are shown but neither edited nor removed. */
  readOnly?: (item: Item) => boolean;
  toValues: (item: Item | undefined) => Partial<Values>;
  renderForm: (form: FormInstance<Values>, editing: Item | undefined) => ReactNode;
  /** Content above the table (a list of defaults, a hint). */
  children?: ReactNode;
}

/** A list of small records with an add/edit modal and a confirmed delete: tags, quick messages, variables, ... */
export function CatalogPage<Item extends object, Values extends object>(
  props: CatalogPageProps<Item, Values>,
) {
  const { api, testId, readOnly = () => false } = props;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [state, setState] = useState<{ open: boolean; editing?: Item }>({ open: false });
  const list = useQuery({ queryKey: api.queryKey, queryFn: api.list });
  const done = () => queryClient.invalidateQueries({ queryKey: api.queryKey });
  const save = useMutation({
    mutationFn: ({ editing, values }: { editing?: Item; values: Values }) =>
      editing ? api.update(editing, values) : api.create(values),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: api.remove, onSuccess: done });
  const fail = (error: unknown) =>
    void message.error(
      error instanceof ApiRequestError ? error.message : common.saveFailed,
      LIMITS.toastDurationMs / 1000,
    );

  const { toValues } = props;
  useEffect(() => {
    if (!state.open) return;
    form.resetFields();
    form.setFieldsValue(toValues(state.editing) as Parameters<typeof form.setFieldsValue>[0]);
  }, [state, form, toValues]);

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({ editing: state.editing, values });
      void message.success(common.saved, LIMITS.toastDurationMs / 1000);
      setState({ open: false });
    } catch (error) {
      fail(error);
    }
  };

  const confirmDelete = (item: Item) =>
    modal.confirm({
      title: common.deleteConfirm.replace('{{name}}', props.rowName(item)),
      okText: common.yes,
      cancelText: common.no,
      okButtonProps: { danger: true, 'data-testid': `${testId}-delete-confirm` },
      onOk: async () => {
        try {
          await remove.mutateAsync(item);
          void message.success(common.deleted, LIMITS.toastDurationMs / 1000);
        } catch (error) {
          fail(error);
        }
      },
    });

  const actions: TableColumnsType<Item>[number] = {
    title: common.actions,
    key: 'actions',
    width: 120,
    render: (_, item) =>
      readOnly(item) ? (
        <Typography.Text type="secondary">{common.readOnly}</Typography.Text>
      ) : (
        <Flex gap={4}>
          <Tooltip title={common.edit}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={common.edit}
              onClick={() => setState({ open: true, editing: item })}
              data-testid={`${testId}-edit`}
            />
          </Tooltip>
          <Tooltip title={common.delete}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={common.delete}
              onClick={() => confirmDelete(item)}
              data-testid={`${testId}-delete`}
            />
          </Tooltip>
        </Flex>
      ),
  };

  return (
    <div data-testid={`${testId}-page`}>
      <PageHeader title={props.title} breadcrumb={props.breadcrumb} />
      <Flex justify="end" style={{ marginBlock: 16 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setState({ open: true })}
          data-testid={`${testId}-add`}
        >
          {props.addLabel}
        </Button>
      </Flex>
      {props.children}
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={list.error instanceof ApiRequestError ? list.error.message : common.loadFailed}
          action={<Button onClick={() => void list.refetch()}>{common.retry}</Button>}
          data-testid={`${testId}-error`}
        />
      ) : (
        <ResponsiveTable<Item>
          rowKey={props.rowKey}
          loading={list.isLoading}
          dataSource={list.data ?? []}
          locale={{ emptyText: common.empty }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          onRow={(item) => ({ 'data-testid': `${testId}-row`, 'data-id': props.rowKey(item) }) as object}
          columns={[...props.columns, actions]}
        />
      )}
      <Modal
        open={state.open}
        title={state.editing ? common.edit : props.addLabel}
        okText={common.save}
        cancelText={common.cancel}
        onOk={() => form.submit()}
        onCancel={() => setState({ open: false })}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': `${testId}-form-submit` }}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          {props.renderForm(form, state.editing)}
        </Form>
      </Modal>
    </div>
  );
}
