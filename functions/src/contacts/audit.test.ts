import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { createContactExport } from '@atende/shared/contracts/contacts/create-contact-export';
import { createContactImport } from '@atende/shared/contracts/contacts/create-contact-import';
import { deleteContact } from '@atende/shared/contracts/contacts/delete-contact';
import { updateContact } from '@atende/shared/contracts/contacts/update-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { type AuditEntity, type AuditLogView, listLogs } from '@atende/shared/contracts/logs/list-logs';
import { createWallet } from '@atende/shared/contracts/wallets/create-wallet';
import { deleteWallet } from '@atende/shared/contracts/wallets/delete-wallet';
import { listWallets } from '@atende/shared/contracts/wallets/list-wallets';
import { updateWallet } from '@atende/shared/contracts/wallets/update-wallet';
import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as auditHandler } from '../audit/handler.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as importConsumer } from '../imports/import-consumer.ts';
import { fakeAws, sqsEventOf } from '../imports/test-aws.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler as walletsHandler } from '../wallets/handler.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;
let aws: Awaited<ReturnType<typeof fakeAws>>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  aws = await fakeAws();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const entries = async (entity: AuditEntity, tenant = a) =>
  (
    (await callRoute(auditHandler, listLogs, { token: tenant.admin.token, query: { entity } })).body as {
      items: AuditLogView[];
    }
  ).items;

describe('audit entries of the contacts domain', () => {
  it('records contact creation, edits (changed fields only) and deletion, in the actor’s name', async () => {
    const created = (
      await callRoute(handler, createContact, {
        token: a.admin.token,
        body: { full_name: 'Auditada Souza', cel_phone: '(85) 98888-0001' },
      })
    ).body as ContactView;
    await callRoute(handler, updateContact, {
      token: a.admin.token,
      params: { id: created._id },
      body: { full_name: 'Auditada Lima' },
    });
    await callRoute(handler, deleteContact, { token: a.admin.token, params: { id: created._id } });
    const items = await entries('contact');
    expect(items.map((item) => [item.action, item.entityId])).toEqual([
      ['delete', created._id],
      ['update', created._id],
      ['create', created._id],
    ]);
    const [deleted, updated, creation] = items as [AuditLogView, AuditLogView, AuditLogView];
    expect(creation.actor._id).toBe(a.admin.id);
    expect(creation.before).toBeNull();
    expect(creation.after).toMatchObject({ full_name: 'Auditada Souza', cel_phone: '+5585988880001' });
    expect(creation.after).not.toHaveProperty('version');
    expect(updated.before).toEqual({ full_name: 'Auditada Souza' });
    expect(updated.after).toEqual({ full_name: 'Auditada Lima' });
    expect(deleted.after).toBeNull();
    expect(deleted.before).toMatchObject({ full_name: 'Auditada Lima' });
    expect(await entries('contact', b)).toEqual([]);
  });

  it('records wallet changes without the customers count', async () => {
    const wallet = (
      await callRoute(walletsHandler, createWallet, {
        token: a.admin.token,
        body: { name: 'Carteira Auditada', employee_owner: a.manager.id, employees: [] },
      })
    ).body as WalletView;
    await callRoute(walletsHandler, updateWallet, {
      token: a.admin.token,
      params: { id: wallet._id },
      body: { name: 'Carteira Renomeada' },
    });
    await callRoute(walletsHandler, deleteWallet, { token: a.admin.token, params: { id: wallet._id } });
    const items = await entries('wallet');
    expect(items.map((item) => item.action)).toEqual(['delete', 'update', 'create']);
    expect(items[2]?.after).toMatchObject({ name: 'Carteira Auditada', employee_owner: a.manager.id });
    expect(items[2]?.after).not.toHaveProperty('customers_count');
    expect(items[1]).toMatchObject({
      before: { name: 'Carteira Auditada' },
      after: { name: 'Carteira Renomeada' },
    });
  });

  it('records an import when it finishes, once, with its counts, and an export when asked for', async () => {
    const wallet = (
      await callRoute(walletsHandler, createWallet, {
        token: a.admin.token,
        body: { name: 'Carteira Importada', employee_owner: a.manager.id, employees: [] },
      })
    ).body as WalletView;
    const csv = 'Nome,Telefone\nImportado Um,(85) 97777-0001\nImportado Dois,(85) 97777-0002\n,\n';
    const started = await callRoute(handler, createContactImport, {
      token: a.admin.token,
      body: {
        file_name: 'auditoria.csv',
        content_base64: Buffer.from(csv).toString('base64'),
        mapping: { full_name: 'Nome', cel_phone: 'Telefone' },
        wallet: wallet._id,
      },
    });
    const id = (started.body as { _id: string })._id;
    expect(await entries('contact_import')).toEqual([]);
    const message = { companyId: a.companyId, jobId: id };
    await importConsumer(sqsEventOf(message));
    await importConsumer(sqsEventOf(message, 2));
    const imports = await entries('contact_import');
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({
      action: 'finish',
      entityId: id,
      actor: { _id: a.admin.id },
      after: { file_name: 'auditoria.csv', total: 2, created: 2, duplicates: 0, errors: 0 },
    });
    const listed = (await callRoute(walletsHandler, listWallets, { token: a.admin.token })).body as {
      wallets: WalletView[];
    };
    expect(listed.wallets.find((item) => item._id === wallet._id)?.customers_count).toBe(2);
    // Imported rows are summed up by the import's own entry, not one entry each.
    expect((await entries('contact')).some((item) => item.after?.full_name === 'Importado Um')).toBe(false);

    const exported = await callRoute(handler, createContactExport, { token: a.admin.token, body: {} });
    expect(aws.sent.get('contact-export')).toHaveLength(1);
    expect((await entries('contact_export'))[0]).toMatchObject({
      action: 'request',
      entityId: (exported.body as { _id: string })._id,
      after: { wallet: null, tags: [] },
    });
  });
});
