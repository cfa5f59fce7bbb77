import { updateCompanySettings } from '@atende/shared/contracts/company/update-company-settings';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import type { ExportView } from '@atende/shared/contracts/contacts/exports';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createDepartment } from '@atende/shared/contracts/departments/create-department';
import { createWallet } from '@atende/shared/contracts/wallets/create-wallet';
import { listWallets } from '@atende/shared/contracts/wallets/list-wallets';
import { createWalletExport, getWalletExport } from '@atende/shared/contracts/wallets/wallet-exports';
import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as companyHandler } from '../company/handler.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { handler as departmentsHandler } from '../departments/handler.ts';
import { handler as exportConsumer } from '../imports/export-consumer.ts';
import { fakeAws, sqsEventOf } from '../imports/test-aws.ts';
import type { JobMessage } from '../imports/queue.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

vi.mock('../realtime/publish.ts', () => ({
  publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })),
  publishToEmployee: vi.fn(async () => ({ delivered: 0, gone: 0 })),
}));

let aws: Awaited<ReturnType<typeof fakeAws>>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  aws = await fakeAws();
});

/** A company with wallet "Norte" (the operator's) and "Sul" (no one's), a contact in each and one in none. */
async function walletCompany() {
  const tenant = await createTenant();
  const wallet = async (name: string, employees: string[]) =>
    (
      await callRoute(handler, createWallet, {
        token: tenant.admin.token,
        body: { name, employee_owner: tenant.admin.id, employees },
      })
    ).body as WalletView;
  const north = await wallet('Carteira Norte', [tenant.operator.id]);
  const south = await wallet('Carteira Sul', []);
  const contact = (full_name: string, walletId?: string) =>
    callRoute(contactsHandler, createContact, {
      token: tenant.admin.token,
      body: { full_name, ...(walletId ? { wallet: walletId } : {}) },
    });
  await contact('Cliente Norte', north._id);
  await contact('Cliente Sul', south._id);
  await contact('Cliente Solto');
  return { tenant, north, south };
}

const names = async (token: string, query: Record<string, string> = {}) => {
  const response = await callRoute(contactsHandler, listContacts, { token, query });
  expect(response.status).toBe(200);
  return (response.body as { contacts: ContactView[] }).contacts.map((contact) => contact.full_name).sort();
};

const walletSettings = (tenant: Tenant, limit: boolean) =>
  callRoute(companyHandler, updateCompanySettings, {
    token: tenant.admin.token,
    body: { wallets: { wallet_mode: true, limit_customers_to_wallet_employees: limit } },
  });

const lastExportMessage = () => aws.sent.get('contact-export')?.at(-1) as JobMessage;

describe('wallet export (wallets:export-base, spec point 6)', () => {
  it('builds a CSV of the wallet contacts with progress, for an admin', async () => {
    const { tenant, north } = await walletCompany();
    const started = await callRoute(handler, createWalletExport, {
      token: tenant.admin.token,
      params: { id: north._id },
    });
    expect(started.status).toBe(202);
    const { _id: exportId } = started.body as { _id: string };
    const poll = async () =>
      (
        await callRoute(handler, getWalletExport, {
          token: tenant.admin.token,
          params: { id: north._id, exportId },
        })
      ).body as ExportView;
    expect(await poll()).toMatchObject({ status: 'queued', processed: 0, expected: 1, url: null });
    const consumed = await exportConsumer(sqsEventOf(lastExportMessage()));
    expect(consumed).toEqual({ batchItemFailures: [] });
    const done = await poll();
    expect(done).toMatchObject({ status: 'done', total: 1, processed: 1, expected: 1 });
    expect(done.file_name).toMatch(/^carteira-carteira-norte-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = new TextDecoder().decode(aws.objects.get(`exports/C/${tenant.companyId}/${exportId}.csv`));
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data;
    expect(rows[0]?.slice(0, 2)).toEqual(['Nome', 'Telefone']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Cliente Norte']);
    expect(rows[1]?.[5]).toBe('Carteira Norte');
  });

  it('refuses a manager without wallets:export-base and an operator without its operator equivalent', async () => {
    const { tenant, north } = await walletCompany();
    const start = (token: string) =>
      callRoute(handler, createWalletExport, { token, params: { id: north._id } });
    // Without the manager rollout (new companies start with it: docs/decisions.md) a manager passes on role
    // alone (spec point 5).
    await setCompany(tenant.companyId, { rollouts: [] });
    expect((await start(tenant.manager.token)).status).toBe(202);
    await setCompany(tenant.companyId, { rollouts: [ROLLOUTS.manager] });
    expect((await start(tenant.manager.token)).status).toBe(403);
    expect((await start(tenant.operator.token)).status).toBe(403);
    await setCompany(tenant.companyId, {
      permissions: { 'wallets:export-base': true, 'contacts:export-base': true },
    });
    expect((await start(tenant.manager.token)).status).toBe(202);
    // The manager's flag is not the operator's.
    expect((await start(tenant.operator.token)).status).toBe(403);
    await setCompany(tenant.companyId, { permissions: { 'operator_wallets:export-base': true } });
    expect((await start(tenant.operator.token)).status).toBe(202);
    expect((await start(tenant.manager.token)).status).toBe(403);
  });

  it('keeps a limited employee to their own wallets and another company out', async () => {
    const { tenant, north, south } = await walletCompany();
    const other = await createTenant();
    await setCompany(tenant.companyId, { permissions: { 'operator_wallets:export-base': true } });
    await walletSettings(tenant, true);
    const start = (token: string, id: string) =>
      callRoute(handler, createWalletExport, { token, params: { id } });
    expect((await start(tenant.operator.token, south._id)).status).toBe(404);
    const mine = await start(tenant.operator.token, north._id);
    expect(mine.status).toBe(202);
    const exportId = (mine.body as { _id: string })._id;
    const theirs = await start(other.admin.token, north._id);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ message: ptBR.contacts.walletNotFound });
    const peek = await callRoute(handler, getWalletExport, {
      token: other.admin.token,
      params: { id: north._id, exportId },
    });
    expect(peek.status).toBe(404);
    // Asked under another wallet's path, the export is not found either.
    const crossed = await callRoute(handler, getWalletExport, {
      token: tenant.operator.token,
      params: { id: south._id, exportId },
    });
    expect(crossed.status).toBe(404);
  });
});

describe('wallet view limits per role (limit_view_customer_wallet_*, spec point 6)', () => {
  it('limits only the role whose flag is on, and only in wallet mode', async () => {
    const { tenant } = await walletCompany();
    await setCompany(tenant.companyId, { permissions: { limit_view_customer_wallet_operator: true } });
    // Wallet mode off: wallets limit no one.
    expect(await names(tenant.operator.token)).toEqual(['Cliente Norte', 'Cliente Solto', 'Cliente Sul']);
    await walletSettings(tenant, false);
    expect(await names(tenant.operator.token)).toEqual(['Cliente Norte', 'Cliente Solto']);
    expect(await names(tenant.manager.token)).toEqual(['Cliente Norte', 'Cliente Solto', 'Cliente Sul']);
    await setCompany(tenant.companyId, { permissions: { limit_view_customer_wallet_manager: true } });
    expect(await names(tenant.operator.token)).toEqual(['Cliente Norte', 'Cliente Solto', 'Cliente Sul']);
    expect(await names(tenant.manager.token)).toEqual(['Cliente Solto']);
    expect(await names(tenant.admin.token)).toEqual(['Cliente Norte', 'Cliente Solto', 'Cliente Sul']);
    const wallets = (await callRoute(handler, listWallets, { token: tenant.manager.token })).body as {
      wallets: WalletView[];
    };
    expect(wallets.wallets).toEqual([]);
  });

  it('lifts the limit for members of a department allowed to view all contacts (view_all_contacts)', async () => {
    const { tenant } = await walletCompany();
    await walletSettings(tenant, true);
    expect(await names(tenant.operator.token)).toEqual(['Cliente Norte', 'Cliente Solto']);
    const created = await callRoute(departmentsHandler, createDepartment, {
      token: tenant.admin.token,
      body: { name: 'Vendas', employees: [tenant.operator.id], view_all_contacts: false },
    });
    expect(created.status).toBe(201);
    expect(await names(tenant.operator.token)).toEqual(['Cliente Norte', 'Cliente Solto']);
    await callRoute(departmentsHandler, createDepartment, {
      token: tenant.admin.token,
      body: { name: 'Central', employees: [tenant.operator.id], view_all_contacts: true },
    });
    expect(await names(tenant.operator.token)).toEqual(['Cliente Norte', 'Cliente Solto', 'Cliente Sul']);
    // Only its members: the manager is in no such department.
    expect(await names(tenant.manager.token)).toEqual(['Cliente Solto']);
  });
});

describe('contacts:wallet_view (spec point 6)', () => {
  it('lets an operator browse contacts by wallet only with the permission', async () => {
    const { tenant, north } = await walletCompany();
    const byWallet = (token: string) =>
      callRoute(contactsHandler, listContacts, { token, query: { wallet: north._id } });
    const refused = await byWallet(tenant.operator.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: ptBR.contacts.walletViewDenied });
    expect((await byWallet(tenant.manager.token)).status).toBe(200);
    await setCompany(tenant.companyId, { permissions: { 'contacts:wallet_view': true } });
    expect(await names(tenant.operator.token, { wallet: north._id })).toEqual(['Cliente Norte']);
  });
});
