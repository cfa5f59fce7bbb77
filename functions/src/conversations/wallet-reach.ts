import type { WalletView } from '@atende/shared/contracts/wallets/views';
import type { Role } from '@atende/shared/domain/constants';
import { type WalletMembers, type WalletReach, walletReach } from '@atende/shared/rules/wallet-reach';
import * as z from 'zod';
import { readSettings } from '../company/settings-reader.ts';
import type { CompanyItem } from '../company/store.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { walletCatalogue } from '../wallets/catalogue.ts';

/**
 * The company's wallets when its wallet limit is on, else none: the wallet list is only read when someone's
 * view depends on it.
 */
export async function limitingWallets(companyId: string, company: CompanyItem): Promise<WalletView[]> {
  const { wallet_mode, limit_customers_to_wallet_employees } = readSettings(company).wallets;
  if (!wallet_mode || !limit_customers_to_wallet_employees) return [];
  return listCatalogue(walletCatalogue, companyId);
}

export const reachOf = (
  company: CompanyItem,
  employeeId: string,
  role: Role,
  wallets: readonly WalletMembers[],
): WalletReach => walletReach(role, employeeId, readSettings(company).wallets, wallets);

const customerWallet = z.object({ wallet: z.string().nullable().catch(null).default(null) });

/** The wallet a stored customer (or contact) item is in; the inbox's own customers have none. */
export const walletOfCustomer = (customer: object): string | null => customerWallet.parse(customer).wallet;
