import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { deleteContact } from '@atende/shared/contracts/contacts/delete-contact';
import { updateContact } from '@atende/shared/contracts/contacts/update-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createWallet } from '@atende/shared/contracts/wallets/create-wallet';
import { deleteWallet } from '@atende/shared/contracts/wallets/delete-wallet';
import { listWallets } from '@atende/shared/contracts/wallets/list-wallets';
import { updateWallet } from '@atende/shared/contracts/wallets/update-wallet';
import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const wallets = async (tenant: Tenant) =>
  ((await callRoute(handler, listWallets, { token: tenant.admin.token })).body as { wallets: WalletView[] })
    .wallets;

describe('wallets', () => {
  it('creates, edits and deletes a wallet, keeping customers_count right as contacts move', async () => {
    const created = await callRoute(handler, createWallet, {
      token: a.admin.token,
      body: {
        name: 'Carteira Sul',
        employee_owner: a.manager.id,
        employees: [a.operator.id],
        weekly_schedule: [{ day: 'monday', start: '08:00', end: '18:00' }],
      },
    });
    expect(created.status).toBe(201);
    const wallet = created.body as WalletView;
    expect(wallet).toMatchObject({ name: 'Carteira Sul', customers_count: 0, employees: [a.operator.id] });
    const contact = (
      await callRoute(contactsHandler, createContact, {
        token: a.admin.token,
        body: { full_name: 'Na Carteira', wallet: wallet._id },
      })
    ).body as ContactView;
    await callRoute(contactsHandler, createContact, {
      token: a.admin.token,
      body: { full_name: 'Também', wallet: wallet._id },
    });
    expect((await wallets(a))[0]?.customers_count).toBe(2);
    await callRoute(contactsHandler, updateContact, {
      token: a.admin.token,
      params: { id: contact._id },
      body: { wallet: null },
    });
    expect((await wallets(a))[0]?.customers_count).toBe(1);
    await callRoute(contactsHandler, deleteContact, { token: a.admin.token, params: { id: contact._id } });
    const edited = await callRoute(handler, updateWallet, {
      token: a.admin.token,
      params: { id: wallet._id },
      body: { name: 'Carteira Sul 2', employees: [] },
    });
    expect(edited.body).toMatchObject({ name: 'Carteira Sul 2', employees: [], customers_count: 1 });
    const removed = await callRoute(handler, deleteWallet, {
      token: a.admin.token,
      params: { id: wallet._id },
    });
    expect(removed.body).toEqual({ deleted: wallet._id });
    expect(await wallets(a)).toEqual([]);
  });

  it('answers 400 in pt-BR for a bad schedule or unknown employee, 409 for a repeated name', async () => {
    const bad = await callRoute(handler, createWallet, {
      token: a.admin.token,
      body: {
        name: 'X',
        employee_owner: a.manager.id,
        weekly_schedule: [{ day: 'monday', start: '25:00', end: '26:00' }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'weekly_schedule.0.start' });
    const stranger = await callRoute(handler, createWallet, {
      token: a.admin.token,
      body: { name: 'X', employee_owner: b.admin.id },
    });
    expect(stranger.body).toMatchObject({
      field: 'employee_owner',
      message: `Campo inválido: employee_owner: ${ptBR.contacts.employeeNotFound}`,
    });
    await callRoute(handler, createWallet, {
      token: a.admin.token,
      body: { name: 'Única', employee_owner: a.manager.id },
    });
    const again = await callRoute(handler, createWallet, {
      token: a.admin.token,
      body: { name: 'única', employee_owner: a.manager.id },
    });
    expect(again.status).toBe(409);
  });

  it('refuses changes to managers and operators, and hides other companies wallets', async () => {
    for (const token of [a.manager.token, a.operator.token]) {
      expect(
        (
          await callRoute(handler, createWallet, {
            token,
            body: { name: 'Não', employee_owner: a.manager.id },
          })
        ).status,
      ).toBe(403);
    }
    const own = (await wallets(a))[0] as WalletView;
    const rename = await callRoute(handler, updateWallet, {
      token: b.admin.token,
      params: { id: own._id },
      body: { name: 'Tomada' },
    });
    expect(rename.status).toBe(404);
    expect(await wallets(b)).toEqual([]);
  });
});
