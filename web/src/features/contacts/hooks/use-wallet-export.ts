import type { ExportView } from '@atende/shared/contracts/contacts/exports';
import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchWalletExport, postWalletExport } from '../api/contacts-api.ts';

/** How often a running wallet export is asked about while its modal is open. */
export const WALLET_EXPORT_POLL_MS = 1000;

const finished = (view: ExportView | undefined) => view?.status === 'done' || view?.status === 'failed';

/** Progress of the export as a percentage, when the expected row count is known (a wallet's customers_count). */
export function exportPercent(view: ExportView | undefined): number {
  if (!view) return 0;
  if (view.status === 'done') return 100;
  if (!view.expected) return 0;
  return Math.min(99, Math.floor((view.processed / view.expected) * 100));
}

/** Starts a wallet's CSV export on demand and follows it until it is done or failed. */
export function useWalletExport() {
  const [wallet, setWallet] = useState<WalletView>();
  const start = useMutation({ mutationFn: (id: string) => postWalletExport(id) });
  const exportId = start.data?._id;
  const progress = useQuery({
    queryKey: ['contacts', 'wallet-export', wallet?._id, exportId],
    queryFn: () => fetchWalletExport(wallet?._id as string, exportId as string),
    enabled: wallet !== undefined && exportId !== undefined,
    refetchInterval: (query) => (finished(query.state.data) ? false : WALLET_EXPORT_POLL_MS),
  });
  const open = (next: WalletView) => {
    setWallet(next);
    start.mutate(next._id);
  };
  const close = () => {
    setWallet(undefined);
    start.reset();
  };
  return { wallet, open, close, start, progress };
}
