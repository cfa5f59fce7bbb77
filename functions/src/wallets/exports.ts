import type { ExportView } from '@atende/shared/contracts/contacts/exports';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import { loadScope } from '../contacts/scope.ts';
import { exportViewOf, requireOwnExport, startExport } from '../imports/export-service.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { NotFound } from '../lib/errors.ts';

/** A file name a spreadsheet program and a file system both accept: the wallet's name without accents. */
const fileSafe = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'carteira';

/**
 * A wallet's contacts as CSV (spec point 6, wallets:export-base). A caller bound by a wallet limit exports only
 * a wallet they belong to; another is not found, as on the wallets page.
 */
export async function startWalletExport(auth: AuthContext, walletId: string): Promise<{ _id: string }> {
  const scope = await loadScope(auth);
  const wallet = scope.wallets.get(walletId);
  if (!wallet || (scope.limited && !scope.own.has(walletId))) {
    throw new NotFound(contactsPtBR.walletNotFound);
  }
  const day = new Date().toISOString().slice(0, 10);
  return startExport(
    auth,
    { wallet: walletId },
    {
      format: 'csv',
      fileName: `carteira-${fileSafe(wallet.name)}-${day}.csv`,
      expected: wallet.customers_count,
    },
  );
}

export async function getWalletExport(
  auth: AuthContext,
  walletId: string,
  exportId: string,
): Promise<ExportView> {
  const job = await requireOwnExport(auth, exportId);
  if (job.wallet !== walletId || job.format !== 'csv') throw new NotFound(contactsPtBR.exportNotFound);
  return exportViewOf(job);
}
