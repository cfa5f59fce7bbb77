import type { AdminEmployeeView } from '@atende/shared/contracts/employees/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useMountedEmployee } from '../../../lib/session/use-session.ts';
import {
  useDebouncedSearch,
  useDepartmentOptions,
  useEmployeePages,
  useSaveEmployee,
} from '../hooks/use-employees.ts';
import { EmployeeFormModal } from './employee-form-modal.tsx';
import { EmployeeTable } from './employee-table.tsx';
import { PendingInvitations } from './pending-invitations.tsx';

const EMPLOYEES_PATH = '/app/settings/employees';
const CREATE_PATH = '/app/settings/employees/settings';
const labels = ptBR.adminScreens.employees;
const common = ptBR.adminScreens.common;

interface EmployeesPageProps {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
  /** app/settings/employees/settings opens the create form over the list. */
  creating?: boolean;
}

export function EmployeesPage({ title, breadcrumb, creating = false }: EmployeesPageProps) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const me = useMountedEmployee().data;
  const { text, setText, search } = useDebouncedSearch();
  const list = useEmployeePages(search);
  const departments = useDepartmentOptions();
  const { update } = useSaveEmployee();
  const [editing, setEditing] = useState<AdminEmployeeView>();
  const departmentNames = useMemo(
    () => new Map((departments.data ?? []).map((option) => [option.value, option.label])),
    [departments.data],
  );

  const toggleActive = (employee: AdminEmployeeView) => {
    const deactivating = !employee.inactive;
    modal.confirm({
      title: (deactivating ? labels.deactivateConfirm : labels.reactivateConfirm).replace(
        '{{name}}',
        employee.name,
      ),
      okText: common.yes,
      cancelText: common.no,
      okButtonProps: { danger: deactivating, 'data-testid': 'employee-toggle-confirm' },
      onOk: async () => {
        try {
          await update.mutateAsync({ id: employee._id, body: { inactive: deactivating } });
          void message.success(
            deactivating ? labels.deactivated : labels.reactivated,
            LIMITS.toastDurationMs / 1000,
          );
        } catch (error) {
          const text = error instanceof ApiRequestError ? error.message : common.saveFailed;
          void message.error(text, LIMITS.toastDurationMs / 1000);
        }
      },
    });
  };

  const closeForm = () => {
    setEditing(undefined);
    if (creating) navigate(EMPLOYEES_PATH);
  };

  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={[
          {
            key: 'create-employee',
            label: labels.newEmployee,
            icon: <UserAddOutlined />,
            primary: true,
            onClick: () => navigate(CREATE_PATH),
          },
        ]}
      />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={labels.search}
          value={text}
          onChange={(event) => setText(event.target.value)}
          style={{ maxWidth: 360 }}
          data-testid="employees-search"
        />
        {list.query.isError ? (
          <Alert
            type="error"
            showIcon
            title={list.query.error instanceof ApiRequestError ? list.query.error.message : common.loadFailed}
            action={<Button onClick={() => void list.query.refetch()}>{common.retry}</Button>}
            data-testid="employees-error"
          />
        ) : (
          <EmployeeTable
            items={list.items}
            loading={list.query.isLoading || list.query.isFetchingNextPage}
            currentEmployeeId={me?._id}
            departmentName={(id) => departmentNames.get(id)}
            onEdit={setEditing}
            onToggleActive={toggleActive}
          />
        )}
        <Space>
          <Button disabled={list.page === 0} onClick={list.goPrevious} data-testid="employees-previous">
            {ptBR.adminScreens.common.previous}
          </Button>
          <Button disabled={!list.hasNext} onClick={() => void list.goNext()} data-testid="employees-next">
            {ptBR.adminScreens.common.next}
          </Button>
        </Space>
        <PendingInvitations />
      </Flex>
      <EmployeeFormModal
        open={creating || editing !== undefined}
        editing={editing}
        currentEmployeeId={me?._id}
        onClose={closeForm}
      />
    </>
  );
}

export function CreateEmployeePage(props: Omit<EmployeesPageProps, 'creating'>) {
  return <EmployeesPage {...props} creating />;
}
