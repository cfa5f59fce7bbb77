import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, List, Popconfirm, Spin, Tag, Typography } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { accountCompaniesKey, fetchAccountCompanies } from '../../../lib/session/account-companies.ts';
import { postLeave } from '../api/invitations-api.ts';
import { InvitationList, usePendingInvitations } from './invitation-list.tsx';

const text = ptBR.accounts;

/** "Minhas empresas" in the profile: the account's companies (leaving any but the current one) and its invitations. */
export function MyCompanies({ currentCompanyId }: { currentCompanyId: string }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const companies = useQuery({ queryKey: accountCompaniesKey, queryFn: fetchAccountCompanies });
  const invitations = usePendingInvitations();
  const leave = useMutation({
    mutationFn: (company: { _id: string; name: string }) => postLeave(company._id),
    onSuccess: (_, company) =>
      void message.success(
        interpolate(text.leftCompany, { company: company.name }),
        LIMITS.toastDurationMs / 1000,
      ),
    onError: (error) =>
      void message.error(
        error instanceof ApiRequestError ? error.message : ptBR.adminScreens.common.saveFailed,
        LIMITS.toastDurationMs / 1000,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: accountCompaniesKey }),
  });

  return (
    <div style={{ width: '100%' }} data-testid="my-companies">
      <Typography.Title level={5}>{text.myCompanies}</Typography.Title>
      {companies.isError && <Alert type="error" showIcon title={ptBR.adminScreens.common.loadFailed} />}
      {companies.isLoading ? (
        <Spin />
      ) : (
        <List
          size="small"
          dataSource={companies.data ?? []}
          rowKey={(company) => company._id}
          renderItem={(company) => (
            <List.Item
              data-testid={`my-company-${company._id}`}
              actions={
                company._id === currentCompanyId
                  ? [<Tag key="current">{text.currentCompany}</Tag>]
                  : [
                      <Popconfirm
                        key="leave"
                        title={interpolate(text.leaveCompanyConfirm, { company: company.name })}
                        okText={text.leaveCompany}
                        okButtonProps={{ danger: true, 'data-testid': 'my-company-leave-confirm' }}
                        cancelText={ptBR.forms.cancel}
                        onConfirm={() => leave.mutateAsync(company).catch(() => undefined)}
                      >
                        <Button size="small" danger data-testid={`my-company-leave-${company._id}`}>
                          {text.leaveCompany}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              {company.name}
            </List.Item>
          )}
        />
      )}
      {(invitations.data?.length ?? 0) > 0 && (
        <>
          <Typography.Title level={5}>{text.invitationsTitle}</Typography.Title>
          <InvitationList invitations={invitations.data ?? []} />
        </>
      )}
    </div>
  );
}
