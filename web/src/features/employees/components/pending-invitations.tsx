import type { CompanyInvitationView } from '@atende/shared/contracts/employees/invitations';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Typography } from 'antd';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import type { ColumnsType } from 'antd/es/table';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { dayjs } from '../../../lib/dates/dates.ts';
import { cancelInvitation, fetchCompanyInvitations } from '../api/employees-api.ts';
import { employeeKeys } from '../api/query-keys.ts';

const labels = ptBR.adminScreens.employees;
const texts = labels.invitations;
const common = ptBR.adminScreens.common;
const toastSeconds = LIMITS.toastDurationMs / 1000;

/** Invitations of existing accounts still waiting for an answer; the admin can withdraw each one. */
export function PendingInvitations() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const invitations = useQuery({ queryKey: employeeKeys.invitations, queryFn: fetchCompanyInvitations });
  const cancel = useMutation({
    mutationFn: (email: string) => cancelInvitation(email),
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeeKeys.invitations }),
  });

  const confirmCancel = (invitation: CompanyInvitationView) =>
    modal.confirm({
      title: interpolate(texts.cancelConfirm, { email: invitation.email }),
      okText: common.yes,
      cancelText: common.no,
      okButtonProps: { danger: true, 'data-testid': 'invitation-cancel-confirm' },
      onOk: async () => {
        try {
          await cancel.mutateAsync(invitation.email);
          void message.success(texts.cancelled, toastSeconds);
        } catch (error) {
          void message.error(
            error instanceof ApiRequestError ? error.message : common.saveFailed,
            toastSeconds,
          );
        }
      },
    });

  const columns: ColumnsType<CompanyInvitationView> = [
    { key: 'email', title: labels.email, dataIndex: 'email' },
    { key: 'role', title: labels.role, render: (_, item) => ptBR.roles[item.role] },
    {
      key: 'sent',
      title: texts.sentAt,
      render: (_, item) => dayjs(item.created_at).tz().format('L LT'),
    },
    {
      key: 'expires',
      title: texts.expiresAt,
      render: (_, item) => dayjs(item.expires_at).tz().format('L LT'),
    },
    {
      key: 'actions',
      title: ptBR.channelsScreens.columns.actions,
      render: (_, item) => (
        <Button danger size="small" onClick={() => confirmCancel(item)} data-testid="invitation-cancel">
          {texts.cancel}
        </Button>
      ),
    },
  ];

  return (
    <Card title={texts.title} size="small" data-testid="pending-invitations">
      {invitations.isError ? (
        <Alert
          type="error"
          showIcon
          title={invitations.error instanceof ApiRequestError ? invitations.error.message : texts.loadFailed}
          action={<Button onClick={() => void invitations.refetch()}>{common.retry}</Button>}
        />
      ) : (
        <ResponsiveTable
          rowKey="email"
          size="small"
          columns={columns}
          dataSource={invitations.data ?? []}
          loading={invitations.isLoading}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 640 }}
          locale={{ emptyText: <Typography.Text type="secondary">{texts.empty}</Typography.Text> }}
          data-testid="pending-invitations-table"
        />
      )}
    </Card>
  );
}
