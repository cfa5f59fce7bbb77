import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Modal } from 'antd';
import { useState } from 'react';
import { InvitationList, usePendingInvitations } from './invitation-list.tsx';

/**
 * After sign-in, pending invitations to other companies open this notice once; closing it leaves them
 * waiting in the profile ("Minhas empresas") until they are answered or expire.
 */
export function InvitationsModal() {
  const invitations = usePendingInvitations();
  const [dismissed, setDismissed] = useState(false);
  const list = invitations.data ?? [];
  return (
    <Modal
      open={!dismissed && list.length > 0}
      title={ptBR.accounts.invitationsTitle}
      footer={null}
      onCancel={() => setDismissed(true)}
      data-testid="invitations-modal"
    >
      <InvitationList invitations={list} />
    </Modal>
  );
}
