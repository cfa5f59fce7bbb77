import { ptBR } from '@atende/shared/i18n/pt-BR';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Skeleton, Space, Tooltip, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { removeDepartment } from '../api/departments-api.ts';
import { organizationKeys } from '../api/query-keys.ts';
import type { DepartmentTreeItem } from '../forms/department-tree.ts';
import { toTreeItems } from '../forms/department-tree.ts';
import { useDepartments, useOrganizationChange } from '../hooks/use-organization.ts';
import type { DepartmentFormTarget } from './department-form-modal.tsx';
import { DepartmentFormModal } from './department-form-modal.tsx';
import { ColorTag } from '../../../components/color-tag/color-tag.tsx';

const labels = ptBR.adminScreens.departments;

/** The department tree of the company settings page: sub-departments, colour, contact visibility, members. */
export function DepartmentsPanel() {
  const { modal } = App.useApp();
  const departments = useDepartments();
  const [target, setTarget] = useState<DepartmentFormTarget>();
  const remove = useOrganizationChange(organizationKeys.departments, removeDepartment, labels.deleted);
  const tree = useMemo(() => departments.data?.departments ?? [], [departments.data]);
  const items = useMemo(() => toTreeItems(tree), [tree]);

  const confirmDelete = (item: DepartmentTreeItem) =>
    modal.confirm({
      title: interpolate(labels.deleteConfirm, { name: item.path }),
      okText: ptBR.adminScreens.common.delete,
      cancelText: ptBR.forms.cancel,
      okButtonProps: { danger: true, 'data-testid': 'department-delete-confirm' },
      onOk: () => remove.mutateAsync(item.node._id).catch(() => undefined),
    });

  const title = (item: DepartmentTreeItem) => (
    <Space data-testid={`department-${item.key}`}>
      <Tooltip title={item.node.label.split('.').join(' / ')}>
        <ColorTag color={item.node.tag_color}>{item.name}</ColorTag>
      </Tooltip>
      <Tooltip title={labels.employees}>
        <span>
          <TeamOutlined /> {item.node.employees.length}
        </span>
      </Tooltip>
      {item.node.view_all_contacts && (
        <Tooltip title={labels.viewAllContacts}>
          <EyeOutlined />
        </Tooltip>
      )}
      <Button
        size="small"
        type="text"
        icon={<PlusOutlined />}
        aria-label={labels.addSub}
        onClick={() => setTarget({ parent: item.key })}
        data-testid={`department-add-sub-${item.key}`}
      />
      <Button
        size="small"
        type="text"
        icon={<EditOutlined />}
        aria-label={ptBR.adminScreens.common.edit}
        onClick={() => setTarget({ department: item.node })}
        data-testid={`department-edit-${item.key}`}
      />
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={ptBR.adminScreens.common.delete}
        onClick={() => confirmDelete(item)}
        data-testid={`department-delete-${item.key}`}
      />
    </Space>
  );

  return (
    <Card
      size="small"
      title={labels.title}
      data-testid="departments-panel"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setTarget({})} data-testid="department-add">
          {labels.add}
        </Button>
      }
    >
      {departments.isPending && <Skeleton active />}
      {departments.isError && (
        <Alert
          type="error"
          showIcon
          title={
            departments.error instanceof ApiRequestError
              ? departments.error.message
              : ptBR.adminScreens.common.loadFailed
          }
          action={
            <Button onClick={() => void departments.refetch()}>{ptBR.adminScreens.common.retry}</Button>
          }
        />
      )}
      {departments.isSuccess && items.length === 0 && <Empty description={labels.empty} />}
      {items.length > 0 && (
        <Tree<DepartmentTreeItem>
          treeData={items}
          defaultExpandAll
          selectable={false}
          blockNode
          titleRender={title}
          data-testid="departments-tree"
        />
      )}
      <DepartmentFormModal target={target} tree={tree} onClose={() => setTarget(undefined)} />
    </Card>
  );
}
