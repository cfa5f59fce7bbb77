import type { AdminEmployeeView } from '@atende/shared/contracts/employees/views';
import type { Role } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Badge, Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { dayjs } from '../../../lib/dates/dates.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.adminScreens.employees;
const ROLE_COLORS: Record<Role, string> = { admin: 'gold', manager: 'blue', operator: 'default' };

export interface EmployeeTableProps {
  items: readonly AdminEmployeeView[];
  loading: boolean;
  currentEmployeeId: string | undefined;
  departmentName: (id: string) => string | undefined;
  onEdit: (employee: AdminEmployeeView) => void;
  onToggleActive: (employee: AdminEmployeeView) => void;
}

export function EmployeeTable(props: EmployeeTableProps) {
  const { items, loading, currentEmployeeId, departmentName, onEdit, onToggleActive } = props;
  const columns: ColumnsType<AdminEmployeeView> = [
    {
      key: 'name',
      title: labels.name,
      render: (_, employee) => (
        <Space>
          {employee.name}
          {employee._id === currentEmployeeId && <Tag>{labels.you}</Tag>}
        </Space>
      ),
    },
    { key: 'email', title: labels.email, dataIndex: 'email' },
    {
      key: 'role',
      title: labels.role,
      render: (_, employee) => (
        <Tag color={ROLE_COLORS[employee.role]} data-testid={`employee-role-${employee._id}`}>
          {ptBR.roles[employee.role]}
        </Tag>
      ),
    },
    {
      key: 'departments',
      title: labels.departments,
      render: (_, employee) =>
        employee.departments
          .map(departmentName)
          .filter((name): name is string => name !== undefined)
          .map((name) => <Tag key={name}>{name}</Tag>),
    },
    {
      key: 'status',
      title: labels.status,
      render: (_, employee) => (
        <Badge
          status={employee.inactive ? 'default' : 'success'}
          text={employee.inactive ? labels.inactive : labels.active}
          data-testid={`employee-status-${employee._id}`}
        />
      ),
    },
    {
      key: 'lastAccess',
      title: labels.lastAccess,
      render: (_, employee) =>
        employee.last_access_in_platform ? dayjs(employee.last_access_in_platform).tz().format('L LT') : '—',
    },
    {
      key: 'actions',
      title: ptBR.adminScreens.common.actions,
      render: (_, employee) => (
        <Space>
          <Button size="small" onClick={() => onEdit(employee)} data-testid={`employee-edit-${employee._id}`}>
            {ptBR.adminScreens.common.edit}
          </Button>
          {employee._id !== currentEmployeeId && !employee.is_root && (
            <Button
              size="small"
              danger={!employee.inactive}
              onClick={() => onToggleActive(employee)}
              data-testid={`employee-toggle-${employee._id}`}
            >
              {employee.inactive ? labels.reactivate : labels.deactivate}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <ResponsiveTable
      rowKey="_id"
      columns={columns}
      dataSource={[...items]}
      loading={loading}
      pagination={false}
      locale={{ emptyText: ptBR.adminScreens.common.empty }}
      data-testid="employees-table"
      scroll={{ x: true }}
    />
  );
}
