import { updateCompanySettings } from '@atende/shared/contracts/company/update-company-settings';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { deleteContact } from '@atende/shared/contracts/contacts/delete-contact';
import { getContact } from '@atende/shared/contracts/contacts/get-contact';
import { getContactTimeline } from '@atende/shared/contracts/contacts/get-contact-timeline';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import { updateContact } from '@atende/shared/contracts/contacts/update-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import { createWallet } from '@atende/shared/contracts/wallets/create-wallet';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as companyHandler } from '../company/handler.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler as walletsHandler } from '../wallets/handler.ts';
import { handler } from './handler.ts';
import type { ContactRecord } from './records.ts';
import { readContact, writeContact } from './store.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const create = (tenant: Tenant, body: Record<string, unknown>, token = tenant.admin.token) =>
  callRoute(handler, createContact, { token, body });

const search = async (tenant: Tenant, query: Record<string, string>, token = tenant.admin.token) => {
  const response = await callRoute(handler, listContacts, { token, query });
  expect(response.status).toBe(200);
  return response.body as { contacts: ContactView[]; next_cursor: string | null };
};

describe('contacts CRUD', () => {
  it('creates with a normalized phone, reads, edits and deletes a contact', async () => {
    const created = await create(a, {
      full_name: 'Maria Souza',
      cel_phone: '(85) 98888-1111',
      email: 'Maria@Exemplo.com',
      data_protection: { legal_basis: 'consent', channels: [{ channel: 'whatsapp', status: 'opt_in' }] },
    });
    expect(created.status).toBe(201);
    const contact = created.body as ContactView;
    expect(contact).toMatchObject({
      full_name: 'Maria Souza',
      cel_phone: '+5585988881111',
      email: 'maria@exemplo.com',
      channel: 'whatsapp',
      tags: [],
      wallet: null,
      blacklisted: false,
      data_protection: { legal_basis: 'consent' },
    });
    const read = await callRoute(handler, getContact, {
      token: a.operator.token,
      params: { id: contact._id },
    });
    expect(read.body).toMatchObject({ _id: contact._id, cel_phone: '+5585988881111' });
    const edited = await callRoute(handler, updateContact, {
      token: a.admin.token,
      params: { id: contact._id },
      body: { full_name: 'Maria Souza Lima', email: '' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ full_name: 'Maria Souza Lima' });
    expect((edited.body as ContactView).email).toBeUndefined();
    const removed = await callRoute(handler, deleteContact, {
      token: a.admin.token,
      params: { id: contact._id },
    });
    expect(removed.body).toEqual({ deleted: contact._id });
    expect(
      (await callRoute(handler, getContact, { token: a.admin.token, params: { id: contact._id } })).status,
    ).toBe(404);
    // The number is free again once its contact is gone.
    expect((await create(a, { full_name: 'Outra Maria', cel_phone: '+55 85 98888-1111' })).status).toBe(201);
  });

  it('answers 400 naming the field in pt-BR', async () => {
    const blank = await create(a, { full_name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      field: 'full_name',
      message: `Campo inválido: full_name: ${ptBR.forms.requiredField}`,
    });
    const phone = await create(a, { full_name: 'Zé', cel_phone: '12' });
    expect(phone.body).toMatchObject({
      field: 'cel_phone',
      message: `Campo inválido: cel_phone: ${ptBR.contacts.invalidPhone}`,
    });
    const email = await create(a, { full_name: 'Zé', email: 'not-an-email' });
    expect(email.body).toMatchObject({
      field: 'email',
      message: `Campo inválido: email: ${ptBR.contacts.invalidEmail}`,
    });
  });

  it('answers 409 for a phone or e-mail another contact holds, in any notation', async () => {
    expect(
      (await create(a, { full_name: 'Primeiro', cel_phone: '85 97777-0000', email: 'p@x.com' })).status,
    ).toBe(201);
    const phone = await create(a, { full_name: 'Segundo', cel_phone: '+5585977770000' });
    expect(phone.status).toBe(409);
    expect(phone.body).toMatchObject({ field: 'cel_phone', message: ptBR.contacts.phoneTaken });
    const email = await create(a, { full_name: 'Terceiro', email: 'P@X.COM' });
    expect(email.body).toMatchObject({ field: 'email', message: ptBR.contacts.emailTaken });
    // Another company may hold the same number.
    expect((await create(b, { full_name: 'Primeiro B', cel_phone: '85 97777-0000' })).status).toBe(201);
  });

  it('keeps one contact per phone under 10 concurrent creates', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        create(a, { full_name: `Corrida ${index}`, cel_phone: '85 96666-5555' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect((await search(a, { search: '(85) 96666-5555' })).contacts).toHaveLength(1);
  });

  it('refuses deletion to operators and to managers without allow_customer_delete_manager', async () => {
    const contact = (await create(a, { full_name: 'Para Apagar' })).body as ContactView;
    const del = (token: string) => callRoute(handler, deleteContact, { token, params: { id: contact._id } });
    expect((await del(a.operator.token)).status).toBe(403);
    // Spec point 5: the manager's company permission is checked under the manager rollout.
    await setCompany(a.companyId, { rollouts: [ROLLOUTS.manager] });
    expect((await del(a.manager.token)).status).toBe(403);
    await setCompany(a.companyId, { permissions: { allow_customer_delete_manager: true } });
    expect((await del(a.manager.token)).status).toBe(200);
    await setCompany(a.companyId, { permissions: {}, rollouts: [] });
  });

  it("answers 404 for another company's contact and leaves it", async () => {
    const other = (await create(b, { full_name: 'Contato de B' })).body as ContactView;
    const asA = { token: a.admin.token, params: { id: other._id } };
    expect((await callRoute(handler, getContact, asA)).status).toBe(404);
    expect((await callRoute(handler, updateContact, { ...asA, body: { full_name: 'Tomado' } })).status).toBe(
      404,
    );
    expect((await callRoute(handler, deleteContact, asA)).status).toBe(404);
    expect(
      (await callRoute(handler, getContact, { token: b.admin.token, params: { id: other._id } })).body,
    ).toMatchObject({
      full_name: 'Contato de B',
    });
    expect((await search(a, { search: 'contato de b' })).contacts).toEqual([]);
  });

  it("stores a contact with neither phone nor e-mail as channel 'invalid', never the string 'undefined'", async () => {
    const created = (await create(a, { full_name: 'Sem Canal' })).body as ContactView;
    expect(created.channel).toBe('invalid');
    expect((await readContact(a.companyId, created._id))?.channel).toBe('invalid');
    const legacy = {
      ...(await readContact(a.companyId, created._id)),
      channel: 'undefined',
    } as ContactRecord;
    await writeContact(await readContact(a.companyId, created._id), legacy, { actor: a.admin.id });
    const read = await callRoute(handler, getContact, { token: a.admin.token, params: { id: created._id } });
    expect(read.body).toMatchObject({ channel: 'invalid' });
    const phoned = await callRoute(handler, updateContact, {
      token: a.admin.token,
      params: { id: created._id },
      body: { cel_phone: '(85) 98888-4545' },
    });
    expect(phoned.body).toMatchObject({ channel: 'whatsapp' });
  });
});

describe('contact search', () => {
  it('finds names by accent-insensitive prefix of any word, phones and e-mails exactly, and pages', async () => {
    const tenant = await createTenant();
    await create(tenant, { full_name: 'João Silva', cel_phone: '11 91234-5678', email: 'joao@silva.com' });
    await create(tenant, { full_name: 'Joana Prado' });
    await create(tenant, { full_name: 'Ana Júlia Joanes' });
    await create(tenant, { full_name: 'Pedro Alves' });
    const names = async (query: Record<string, string>) =>
      (await search(tenant, query)).contacts.map((contact) => contact.full_name).sort();
    expect(await names({ search: 'joão' })).toEqual(['João Silva']);
    expect(await names({ search: 'joao silva' })).toEqual(['João Silva']);
    expect(await names({ search: 'JOA' })).toEqual(['Ana Júlia Joanes', 'Joana Prado', 'João Silva']);
    expect(await names({ search: 'julia' })).toEqual(['Ana Júlia Joanes']);
    expect(await names({ search: '+55 11 91234-5678' })).toEqual(['João Silva']);
    expect(await names({ search: 'JOAO@silva.com' })).toEqual(['João Silva']);
    expect(await names({ search: 'joao@silva.co' })).toEqual([]);
    const first = await search(tenant, { limit: '3' });
    expect(first.contacts).toHaveLength(3);
    expect(first.next_cursor).not.toBeNull();
    const second = await search(tenant, { limit: '3', cursor: first.next_cursor as string });
    expect(second.contacts.map((contact) => contact.full_name)).toEqual(['Pedro Alves']);
    expect(second.next_cursor).toBeNull();
  });

  it('filters by every listed tag and records tag changes in the timeline', async () => {
    const tenant = await createTenant();
    const tag = async (name: string) =>
      (
        (
          await callRoute(tagsHandler, createTag, {
            token: tenant.admin.token,
            body: { name, color: '#ff0000' },
          })
        ).body as {
          _id: string;
        }
      )._id;
    const [vip, lead] = [await tag('VIP'), await tag('Lead')];
    const both = (await create(tenant, { full_name: 'Com Duas', tags: [vip, lead] })).body as ContactView;
    await create(tenant, { full_name: 'Só VIP', tags: [vip] });
    const filtered = async (tags: string[]) =>
      (await search(tenant, { tags: tags.join(',') })).contacts.map((contact) => contact.full_name).sort();
    expect(await filtered([vip])).toEqual(['Com Duas', 'Só VIP']);
    expect(await filtered([vip, lead])).toEqual(['Com Duas']);
    await callRoute(handler, updateContact, {
      token: tenant.admin.token,
      params: { id: both._id },
      body: { tags: [vip] },
    });
    expect(await filtered([lead])).toEqual([]);
    const timeline = await callRoute(handler, getContactTimeline, {
      token: tenant.admin.token,
      params: { id: both._id },
    });
    expect(
      (timeline.body as { entries: { kind: string; action?: string; tag?: string }[] }).entries,
    ).toMatchObject([{ kind: 'created' }, { kind: 'tag', action: 'removed', tag: lead }]);
    const unknown = await create(tenant, { full_name: 'Tag alheia', tags: ['0123456789abcdef01234567'] });
    expect(unknown.body).toMatchObject({ field: 'tags' });
  });
});

describe('wallet limits and sensitive data', () => {
  it('lets non-admins see and manage only their wallets contacts (and those in no wallet) when wallets limit contacts', async () => {
    const tenant = await createTenant();
    const wallet = (
      await callRoute(walletsHandler, createWallet, {
        token: tenant.admin.token,
        body: { name: 'Carteira Norte', employee_owner: tenant.manager.id, employees: [] },
      })
    ).body as { _id: string };
    const inside = (await create(tenant, { full_name: 'Cliente da Carteira', wallet: wallet._id }))
      .body as ContactView;
    const outside = (await create(tenant, { full_name: 'Cliente Solto' })).body as ContactView;
    await callRoute(companyHandler, updateCompanySettings, {
      token: tenant.admin.token,
      body: { wallets: { wallet_mode: true, limit_customers_to_wallet_employees: true } },
    });
    const names = async (token: string) =>
      (await search(tenant, {}, token)).contacts.map((contact) => contact.full_name).sort();
    expect(await names(tenant.admin.token)).toEqual(['Cliente Solto', 'Cliente da Carteira']);
    expect(await names(tenant.manager.token)).toEqual(['Cliente Solto', 'Cliente da Carteira']);
    expect(await names(tenant.operator.token)).toEqual(['Cliente Solto']);
    const open = (token: string, id: string) => callRoute(handler, getContact, { token, params: { id } });
    expect((await open(tenant.operator.token, inside._id)).status).toBe(404);
    expect((await open(tenant.operator.token, outside._id)).status).toBe(200);
    expect((await open(tenant.manager.token, outside._id)).status).toBe(200);
    expect((await open(tenant.manager.token, inside._id)).status).toBe(200);
  });

  it('masks phone and e-mail for operators under hide_personal_data_operator_open', async () => {
    const tenant = await createTenant();
    const contact = (
      await create(tenant, {
        full_name: 'Dados Sensíveis',
        cel_phone: '85 95555-4321',
        email: 'sigilo@exemplo.com',
      })
    ).body as ContactView;
    await setCompany(tenant.companyId, { permissions: { hide_personal_data_operator_open: true } });
    const seen = (
      await callRoute(handler, getContact, { token: tenant.operator.token, params: { id: contact._id } })
    ).body as ContactView;
    expect(seen).toMatchObject({ masked: true, email: 's***@exemplo.com' });
    expect(seen.cel_phone).toMatch(/^\+\*+4321$/);
    const admin = (
      await callRoute(handler, getContact, { token: tenant.admin.token, params: { id: contact._id } })
    ).body as ContactView;
    expect(admin).toMatchObject({ masked: false, cel_phone: '+5585955554321' });
    // A masked viewer's edit leaves the hidden values alone.
    await callRoute(handler, updateContact, {
      token: tenant.operator.token,
      params: { id: contact._id },
      body: { full_name: 'Dados Sensíveis 2', cel_phone: seen.cel_phone as string },
    });
    expect(
      (
        (await callRoute(handler, getContact, { token: tenant.admin.token, params: { id: contact._id } }))
          .body as ContactView
      ).cel_phone,
    ).toBe('+5585955554321');
  });
});
