import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { InvitationList, usePendingInvitations } from './invitation-list.tsx';

/**
 * After sign-in, pending invitations to other companies open this notice once; closing it leaves them
 * waiting in the profile ("Minhas empresas") until they are answered or expire. `onWant` tells the shell
 * there is something to show and `turn` when it may open (one shell modal at a time).
 */
export function InvitationsModal({ turn, onWant }: { turn: boolean; onWant: (wants: boolean) => void }) {
  const invitations = usePendingInvitations();
  const [dismissed, setDismissed] = useState(false);
  const list = invitations.data ?? [];
  const wants = !dismissed && list.length > 0;
  useEffect(() => onWant(wants), [wants, onWant]);
  return (
    <Modal
      open={wants && turn}
      title={ptBR.accounts.invitationsTitle}
      footer={null}
      onCancel={() => setDismissed(true)}
      data-testid="invitations-modal"
    >
      <InvitationList invitations={list} />
    </Modal>
  );
}
