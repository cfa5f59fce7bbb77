import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { type SensitiveMaskMode, canManageCustomer, sensitiveMaskMode } from '@atende/shared/rules/customers';
import { viewsAllContacts, walletLimitApplies } from '@atende/shared/rules/wallet-reach';
import * as z from 'zod';
import { readSettings } from '../company/settings-reader.ts';
import { flatten, readTree } from '../departments/tree.ts';
import { readCompanyItem } from '../company/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { walletCatalogue } from '../wallets/catalogue.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import type { ContactRecord } from './records.ts';

/** What the caller may see and manage among the company's contacts (spec points 5 and 6). */
export interface ContactScope {
  auth: AuthContext;
  mask: SensitiveMaskMode;
  /** The company's permission flags. */
  permissions: Record<string, boolean>;
  /** A wallet limit (the company's or the caller's role's) binds the caller (rules/wallet-reach.ts). */
  limited: boolean;
  wallets: Map<string, WalletView>;
  /** Wallets the caller owns or belongs to. */
  own: Set<string>;
}

const flags = z.record(z.string(), z.boolean()).catch({});

export async function loadScope(auth: AuthContext): Promise<ContactScope> {
  const [company, wallets] = await Promise.all([
    readCompanyItem(auth.companyId),
    listCatalogue(walletCatalogue, auth.companyId),
  ]);
  const settings = readSettings(company);
  const permissions = flags.parse(company.permissions ?? {});
  const limited = walletLimitApplies(auth.role, settings.wallets, {
    permissions,
    viewAllContacts: viewsAllContacts(flatten(readTree(company.departments)), auth.employeeId),
  });
  const own = new Set(
    wallets
      .filter(
        (wallet) => wallet.employee_owner === auth.employeeId || wallet.employees.includes(auth.employeeId),
      )
      .map((wallet) => wallet._id),
  );
  return {
    auth,
    mask: sensitiveMaskMode(auth.role, permissions, settings.dataProtection.sensitive_data_mode),
    permissions,
    limited,
    wallets: new Map(wallets.map((wallet) => [wallet._id, wallet])),
    own,
  };
}

/** Spec points 5 and 6: under a wallet limit, the caller manages only the contacts of their wallets (and those in none). */
export function mayManage(scope: ContactScope, contact: Pick<ContactRecord, 'wallet'>): boolean {
  const wallet = contact.wallet ? scope.wallets.get(contact.wallet) : null;
  return canManageCustomer(
    {
      role: scope.auth.role,
      employeeId: scope.auth.employeeId,
      company: { wallet_mode: scope.limited, limit_customers_to_wallet_employees: scope.limited },
    },
    wallet,
  );
}
