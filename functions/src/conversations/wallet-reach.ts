import type { WalletView } from '@atende/shared/contracts/wallets/views';
import type { Role } from '@atende/shared/domain/constants';
import {
  anyWalletLimit,
  viewsAllContacts,
  type WalletMembers,
  type WalletReach,
  walletReach,
} from '@atende/shared/rules/wallet-reach';
import * as z from 'zod';
import { readSettings } from '../company/settings-reader.ts';
import type { CompanyItem } from '../company/store.ts';
import { flatten, readTree } from '../departments/tree.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { walletCatalogue } from '../wallets/catalogue.ts';

const flags = z.record(z.string(), z.boolean()).catch({});
const permissionsOf = (company: CompanyItem) => flags.parse(company.permissions ?? {});

/**
 * The company's wallets when a wallet limit (the company's or a role's) is on, else none: the wallet list is
 * only read when someone's view depends on it.
 */
export async function limitingWallets(companyId: string, company: CompanyItem): Promise<WalletView[]> {
  if (!anyWalletLimit(readSettings(company).wallets, permissionsOf(company))) return [];
  return listCatalogue(walletCatalogue, companyId);
}

/** The wallets the employee reaches: the company's limit, their role's limit, their departments' exemption. */
export const reachOf = (
  company: CompanyItem,
  employeeId: string,
  role: Role,
  wallets: readonly WalletMembers[],
): WalletReach =>
  walletReach(role, employeeId, readSettings(company).wallets, wallets, {
    permissions: permissionsOf(company),
    viewAllContacts: viewsAllContacts(flatten(readTree(company.departments)), employeeId),
  });

const customerWallet = z.object({ wallet: z.string().nullable().catch(null).default(null) });

/** The wallet a stored customer (or contact) item is in; the inbox's own customers have none. */
export const walletOfCustomer = (customer: object): string | null => customerWallet.parse(customer).wallet;
