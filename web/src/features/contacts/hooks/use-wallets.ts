import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import type { WalletInput } from '../api/contacts-api.ts';
import {
  fetchAllEmployees,
  patchContact,
  patchWallet,
  postWallet,
  removeWallet,
} from '../api/contacts-api.ts';
import { CONTACT_LIVE_EVENTS, contactKeys, contactKeysForFrame } from '../api/query-keys.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useSocketEvent } from '../../../lib/socket/use-socket-event.ts';
import { announcesWalletChange } from '../state/wallet-notice.ts';
import type { ServerFrame } from '@atende/shared/realtime/server-events';

/** Employee names for owner and member choices; only admins may list employees, so others go without. */
export function useEmployeeNames(enabled: boolean) {
  return useQuery({
    queryKey: ['contacts', 'employees'],
    queryFn: fetchAllEmployees,
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Wallet changes by anyone (refresh-session-wallet) refresh this screen; changes by someone else are also
 * told, since the user's own change already raised its success toast.
 */
export function useLiveWallets() {
  const viewerId = useSession().access?.employeeId;
  useLiveInvalidation(CONTACT_LIVE_EVENTS, contactKeysForFrame);
  const { message } = App.useApp();
  const notify = useCallback(
    (frame: ServerFrame<'refresh-session-wallet'>) => {
      if (!announcesWalletChange(frame, viewerId)) return;
      void message.info({ content: ptBR.contactsScreens.wallets.updatedLive, key: 'wallets-live' });
    },
    [message, viewerId],
  );
  useSocketEvent('refresh-session-wallet', notify);
}

export function useSaveWallet() {
  const queryClient = useQueryClient();
  const done = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contactKeys.wallets }),
      queryClient.invalidateQueries({ queryKey: contactKeys.lists }),
    ]);
  const create = useMutation({ mutationFn: (body: WalletInput) => postWallet(body), onSuccess: done });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<WalletInput> }) => patchWallet(id, body),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: (id: string) => removeWallet(id), onSuccess: done });
  /** Puts each picked contact in the wallet, one PATCH per contact, stopping at the first refusal. */
  const addContacts = useMutation({
    mutationFn: async ({ wallet, contacts }: { wallet: string; contacts: readonly string[] }) => {
      for (const id of contacts) await patchContact(id, { wallet });
      return contacts.length;
    },
    onSettled: done,
  });
  return { create, update, remove, addContacts };
}
