import { plural } from '@atende/shared/i18n/interpolate';
import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useSaveWallet } from '../hooks/use-wallets.ts';
import { ContactPicker } from './contact-picker.tsx';

const labels = ptBR.contactsScreens.wallets;

/** Search contacts and move the picked ones into the wallet. */
export function WalletContactsModal({
  wallet,
  onClose,
}: {
  wallet: WalletView | undefined;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const { addContacts } = useSaveWallet();
  const [picked, setPicked] = useState<string[]>([]);

  const close = () => {
    setPicked([]);
    onClose();
  };

  const submit = async () => {
    if (!wallet || picked.length === 0) return;
    try {
      const count = await addContacts.mutateAsync({ wallet: wallet._id, contacts: picked });
      void message.success(plural(labels.contactsAdded, count), LIMITS.toastDurationMs / 1000);
      close();
    } catch (error) {
      const text = error instanceof ApiRequestError ? error.message : ptBR.contactsScreens.common.saveFailed;
      void message.error(text, LIMITS.toastDurationMs / 1000);
    }
  };

  return (
    <Modal
      open={wallet !== undefined}
      title={labels.addContactsTitle.replace('{{name}}', wallet?.name ?? '')}
      okText={ptBR.contactsScreens.common.add}
      cancelText={ptBR.contactsScreens.common.cancel}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={addContacts.isPending}
      okButtonProps={{ disabled: picked.length === 0, 'data-testid': 'wallet-add-contact-submit' }}
      destroyOnHidden
    >
      <ContactPicker
        multiple
        placeholder={labels.pickContacts}
        value={picked}
        onChange={(next) => setPicked(Array.isArray(next) ? next : [])}
        testId="wallet-add-contact-picker"
      />
    </Modal>
  );
}
