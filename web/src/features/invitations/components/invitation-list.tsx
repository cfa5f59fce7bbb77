import type { PendingInvitation } from '@atende/shared/contracts/auth/invitations';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, List, Typography } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { accountCompaniesKey } from '../../../lib/session/account-companies.ts';
import { inCompanyZone } from '../../../lib/dates/dates.ts';
import { deleteInvitation, fetchInvitations, invitationsKey, postAccept } from '../api/invitations-api.ts';

const text = ptBR.accounts;

/** The signed-in account's pending invitations; shared by the after-login notice and the profile. */
export function usePendingInvitations() {
  return useQuery({ queryKey: invitationsKey, queryFn: fetchInvitations });
}

function useAnswer() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: invitationsKey }),
      client.invalidateQueries({ queryKey: accountCompaniesKey }),
    ]);
  const failed = (error: unknown) =>
    void message.error(
      error instanceof ApiRequestError ? error.message : ptBR.adminScreens.common.saveFailed,
      LIMITS.toastDurationMs / 1000,
    );
  const accept = useMutation({
    mutationFn: (invitation: PendingInvitation) => postAccept(invitation.company._id),
    onSuccess: (company) =>
      void message.success(
        interpolate(text.invitationAccepted, { company: company.name }),
        LIMITS.toastDurationMs / 1000,
      ),
    onError: failed,
    onSettled: refresh,
  });
  const decline = useMutation({
    mutationFn: (invitation: PendingInvitation) => deleteInvitation(invitation.company._id),
    onSuccess: () => void message.success(text.invitationDeclined, LIMITS.toastDurationMs / 1000),
    onError: failed,
    onSettled: refresh,
  });
  return { accept, decline };
}

export function InvitationList({ invitations }: { invitations: readonly PendingInvitation[] }) {
  const { accept, decline } = useAnswer();
  const busy = accept.isPending || decline.isPending;
  return (
    <List
      dataSource={[...invitations]}
      rowKey={(invitation) => invitation.company._id}
      data-testid="invitation-list"
      renderItem={(invitation) => (
        <List.Item
          data-testid={`invitation-${invitation.company._id}`}
          actions={[
            <Button
              key="accept"
              type="primary"
              size="small"
              disabled={busy}
              loading={accept.isPending && accept.variables?.company._id === invitation.company._id}
              onClick={() => accept.mutate(invitation)}
              data-testid={`invitation-accept-${invitation.company._id}`}
            >
              {text.acceptInvitation}
            </Button>,
            <Button
              key="decline"
              size="small"
              disabled={busy}
              onClick={() => decline.mutate(invitation)}
              data-testid={`invitation-decline-${invitation.company._id}`}
            >
              {text.declineInvitation}
            </Button>,
          ]}
        >
          <Flex vertical>
            <Typography.Text>
              {interpolate(text.invitationFrom, {
                company: invitation.company.name,
                role: ptBR.roles[invitation.role],
              })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {interpolate(text.invitationExpires, {
                date: inCompanyZone(invitation.expires_at).format('DD/MM/YYYY HH:mm'),
              })}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}
