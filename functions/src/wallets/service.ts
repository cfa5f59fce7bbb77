import type { walletBody, walletPatch, WalletView } from '@atende/shared/contracts/wallets/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import type { z } from 'zod';
import { getEmployee } from '../account/store.ts';
import { auditActor } from '../audit/store.ts';
import { walletAudit } from '../contacts/audit.ts';
import { requireCatalogueItem, writeCatalogueItem } from '../lib/dynamo/catalogue.ts';
import { contactsWith } from '../contacts/members.ts';
import { loadScope } from '../contacts/scope.ts';
import { readContact, writeContact } from '../contacts/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid } from '../lib/errors.ts';
import { walletCatalogue } from './catalogue.ts';
import { publishWalletRefresh } from './events.ts';

async function requireEmployees(
  companyId: string,
  owner: string | undefined,
  employees: readonly string[] = [],
) {
  const checks = [
    ...(owner ? [['employee_owner', owner] as const] : []),
    ...employees.map((id, index) => [`employees.${index}`, id] as const),
  ];
  const found = await Promise.all(checks.map(([, id]) => getEmployee(companyId, id)));
  const missing = checks.find((_, index) => !found[index]);
  if (missing) {
    throw new Invalid(missing[0], `Campo inválido: ${missing[0]}: ${contactsPtBR.employeeNotFound}`);
  }
}

/**
 * Admins see every wallet; with wallets limiting contacts, others see the wallets they own or belong to
 * (app/contacts/wallets).
 */
export async function listWallets(auth: AuthContext) {
  const scope = await loadScope(auth);
  const wallets = [...scope.wallets.values()].filter((wallet) => !scope.limited || scope.own.has(wallet._id));
  return { wallets: wallets.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')) };
}

export async function createWallet(auth: AuthContext, body: z.infer<typeof walletBody>): Promise<WalletView> {
  await requireEmployees(auth.companyId, body.employee_owner, body.employees);
  const wallet: WalletView = {
    _id: newObjectId(),
    name: body.name,
    employee_owner: body.employee_owner,
    employees: [...new Set(body.employees)],
    weekly_schedule: body.weekly_schedule,
    customers_count: 0,
    created_at: new Date().toISOString(),
  };
  const actor = await auditActor(auth);
  await writeCatalogueItem(walletCatalogue, auth.companyId, undefined, wallet, [
    walletAudit(auth.companyId, actor, 'create', undefined, wallet),
  ]);
  await publishWalletRefresh(auth.companyId, 'create_wallet', wallet._id, auth.employeeId);
  return wallet;
}

export async function updateWallet(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof walletPatch>,
): Promise<WalletView> {
  const before = await requireCatalogueItem(walletCatalogue, auth.companyId, id);
  await requireEmployees(auth.companyId, body.employee_owner, body.employees);
  const after: WalletView = {
    ...before,
    ...body,
    ...(body.employees ? { employees: [...new Set(body.employees)] } : {}),
  };
  const actor = await auditActor(auth);
  await writeCatalogueItem(walletCatalogue, auth.companyId, before, after, [
    walletAudit(auth.companyId, actor, 'update', before, after),
  ]);
  const membersChanged =
    body.employees !== undefined ||
    (body.employee_owner !== undefined && body.employee_owner !== before.employee_owner);
  await publishWalletRefresh(
    auth.companyId,
    membersChanged
      ? 'update_employees'
      : body.name === before.name
        ? 'update_wallet_same_name'
        : 'update_wallet',
    id,
    auth.employeeId,
  );
  return requireCatalogueItem(walletCatalogue, auth.companyId, id);
}

/** A removed wallet releases its contacts (they stay, without a wallet). */
export async function deleteWallet(auth: AuthContext, id: string) {
  await requireCatalogueItem(walletCatalogue, auth.companyId, id);
  for (const customerId of await contactsWith(auth.companyId, 'wallet', id)) {
    const contact = await readContact(auth.companyId, customerId);
    if (contact?.wallet !== id) continue;
    await writeContact(
      contact,
      { ...contact, wallet: null, updated_at: new Date().toISOString() },
      {
        actor: auth.employeeId,
      },
    );
  }
  const before = await requireCatalogueItem(walletCatalogue, auth.companyId, id);
  const actor = await auditActor(auth);
  await writeCatalogueItem(walletCatalogue, auth.companyId, before, undefined, [
    walletAudit(auth.companyId, actor, 'delete', before, undefined),
  ]);
  await publishWalletRefresh(auth.companyId, 'remove_wallet', id, auth.employeeId);
  return { deleted: id };
}
