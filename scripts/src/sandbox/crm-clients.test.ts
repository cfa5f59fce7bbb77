import { CrmRejected, CrmRetryable } from '@atende/functions/apps/crm/client';
import { nectarClient } from '@atende/functions/apps/crm/nectar';
import { rdStationCrmClient } from '@atende/functions/apps/crm/rdstation';
import { forgetSalesforceSessions, salesforceClient } from '@atende/functions/apps/crm/salesforce';
import { connectedCrms, pushContact } from '@atende/functions/apps/crm/sync';
import { appPuts } from '@atende/functions/apps/store';
import { transactWrite } from '@atende/functions/lib/dynamo/transaction';
import type { AppRecord } from '@atende/functions/apps/records';
import { sealCredentials } from '@atende/functions/integrations/crypto';
import { useTestTables } from '@atende/functions/testing/dynamodb';
import type { AppName } from '@atende/shared/domain/apps';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderSandbox, type ProviderSandbox } from './server.ts';

/**
 * The Nectar, Salesforce and RD Station CRM clients of the CRM sync against the sandbox's fakes, which answer in each API's
 * documented shapes: contacts found before created, updated in place, a closed conversation logged on them,
 * rate limits waited out or handed back to the queue, refusals final.
 */
let sandbox: ProviderSandbox;

beforeAll(async () => {
  process.env.ENCRYPTION_KEY ??= 'apps-test-encryption-passphrase';
  sandbox = await createProviderSandbox({ smtpPort: 0 });
  process.env[ENV.providerBaseUrls] = JSON.stringify(sandbox.baseUrls);
  await useTestTables();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.reset();
  forgetSalesforceSessions();
});

const installed = (name: AppName): AppRecord => {
  const _id = newObjectId();
  return {
    _id,
    company: newObjectId(),
    name,
    installed_at: new Date().toISOString(),
    installed_by: newObjectId(),
    settings: {},
    credentials_set: [],
    credentials: sealCredentials({}, _id),
  };
};

const contact = (full_name: string, email?: string, cel_phone?: string) => ({
  _id: newObjectId(),
  full_name,
  ...(email ? { email } : {}),
  ...(cel_phone ? { cel_phone } : {}),
});

const TRANSCRIPT =
  '<b>Atendimento encerrado</b><br>[2026-11-29 10:00] <b>Ana</b>: quero o plano &lt;anual&gt;';

describe('Nectar CRM sync through the sandbox', () => {
  const TOKEN = 'nectar-token-1';

  it('creates the contato as a lead, waits out a 429 to update the same one, and logs the transcript as a done task', async () => {
    const app = installed('nectar');
    const client = nectarClient({ token: TOKEN });
    const ana = contact('Ana Lima', 'ana@cliente.com.br', '+5585988887777');
    const id = await pushContact({ app, client }, ana);
    const [created] = sandbox.nectar.contatos(TOKEN);
    expect(created).toMatchObject({
      id: Number(id),
      nome: 'Ana Lima',
      emails: ['ana@cliente.com.br'],
      telefones: ['85988887777'],
      constante: 3,
    });
    expect(sandbox.sent('nectar')[0]?.headers['access-token']).toBe(TOKEN);

    sandbox.failNext('nectar', 'rate_limit', { retryAfter: 1 });
    expect(await pushContact({ app, client }, { ...ana, full_name: 'Ana Lima Souza' })).toBe(id);
    expect(sandbox.nectar.contatos(TOKEN)).toHaveLength(1);
    expect(sandbox.nectar.contatos(TOKEN)[0]?.nome).toBe('Ana Lima Souza');
    expect(
      sandbox
        .sent('nectar')
        .filter((request) => request.method === 'PUT')
        .map((request) => request.response.status),
    ).toEqual([429, 200]);

    await client.addNote(id ?? '', TRANSCRIPT, { name: 'Ana Lima Souza' });
    expect(sandbox.nectar.tarefas(TOKEN)).toEqual([
      expect.objectContaining({
        titulo: 'Atendimento encerrado',
        descricao: 'Atendimento encerrado\n[2026-11-29 10:00] Ana: quero o plano <anual>',
        cliente: { id: Number(id), nome: 'Ana Lima Souza' },
        status: 1,
      }),
    ]);
  });

  it('links the contato a salesperson already has (by e-mail, else by phone) instead of creating another', async () => {
    sandbox.nectar.addContato(TOKEN, { id: 900, nome: 'Bia', email: 'bia@cliente.com.br' });
    sandbox.nectar.addContato(TOKEN, { id: 901, nome: 'Caio', telefone: '85977776666' });
    const client = nectarClient({ token: TOKEN });
    expect(
      await pushContact({ app: installed('nectar'), client }, contact('Beatriz', 'bia@cliente.com.br')),
    ).toBe('900');
    expect(
      await pushContact(
        { app: installed('nectar'), client },
        contact('Caio Prado', undefined, '+5585977776666'),
      ),
    ).toBe('901');
    expect(sandbox.nectar.contatos(TOKEN).map((entry) => entry.nome)).toEqual(['Beatriz', 'Caio Prado']);
  });

  it('hands a long rate limit and an outage back to the queue, and a revoked token is final', async () => {
    const client = nectarClient({ token: TOKEN });
    sandbox.failNext('nectar', 'rate_limit', { retryAfter: 60 });
    await expect(client.createPerson({ name: 'Dora' })).rejects.toMatchObject({
      name: 'CrmRetryable',
      retryAfterSeconds: 60,
    });
    sandbox.failNext('nectar', 'unavailable');
    await expect(client.createPerson({ name: 'Dora' })).rejects.toBeInstanceOf(CrmRetryable);
    sandbox.failNext('nectar', 'auth');
    await expect(client.createPerson({ name: 'Dora' })).rejects.toBeInstanceOf(CrmRejected);
    expect(sandbox.nectar.contatos(TOKEN)).toEqual([]);
  });
});

describe('Salesforce sync through the sandbox', () => {
  const USER = 'vendas@empresa.com.br';
  const credentials = {
    clientKey: '3MVG9consumerkey',
    clientSecret: 'consumer-secret',
    username: USER,
    password: 'Senha123',
    securityToken: 'TOKENSEG',
  };

  it('logs in with the password flow, creates the Contact (LastName from the name), logs in again after the session expires and updates the same one', async () => {
    const app = installed('salesforce');
    const client = salesforceClient(credentials);
    const id = await pushContact(
      { app, client },
      contact('Ana Maria Lima', 'ana@cliente.com.br', '+5585988887777'),
    );
    expect(id).toMatch(/^003/);
    const login = sandbox.sent('salesforce').find((request) => request.path === '/services/oauth2/token');
    expect(login?.body).toMatchObject({
      grant_type: 'password',
      client_id: '3MVG9consumerkey',
      client_secret: 'consumer-secret',
      username: USER,
      password: 'Senha123TOKENSEG',
    });
    expect(sandbox.salesforce.contacts(USER)).toEqual([
      expect.objectContaining({
        Id: id,
        FirstName: 'Ana Maria',
        LastName: 'Lima',
        Email: 'ana@cliente.com.br',
        MobilePhone: '+5585988887777',
      }),
    ]);

    sandbox.salesforce.expireSessions();
    expect(
      await pushContact({ app, client }, contact('Ana Lima', 'ana@cliente.com.br')).then(() =>
        client.updatePerson(id ?? '', { name: 'Ana Lima', email: 'ana@cliente.com.br' }),
      ),
    ).toBe(true);
    expect(sandbox.salesforce.contacts(USER)).toHaveLength(1);
    expect(sandbox.salesforce.contacts(USER)[0]).toMatchObject({ FirstName: 'Ana', LastName: 'Lima' });
    expect(
      sandbox.sent('salesforce').filter((request) => request.path === '/services/oauth2/token'),
    ).toHaveLength(2);

    await client.addNote(id ?? '', TRANSCRIPT, { name: 'Ana Lima' });
    expect(sandbox.salesforce.tasks(USER)).toEqual([
      expect.objectContaining({
        WhoId: id,
        Subject: 'Atendimento encerrado',
        Status: 'Completed',
        Description: 'Atendimento encerrado\n[2026-11-29 10:00] Ana: quero o plano <anual>',
      }),
    ]);
  });

  it("finds a salesperson's Contact by e-mail (SOQL) and links it instead of creating another", async () => {
    const client = salesforceClient(credentials);
    await client.findPerson?.({ name: 'x', email: 'ninguem@cliente.com.br' });
    sandbox.salesforce.addContact(USER, {
      Id: '003000000000777AAA',
      LastName: "D'Ávila",
      Email: "o'neil@cliente.com.br",
    });
    expect(
      await pushContact(
        { app: installed('salesforce'), client },
        contact("Bia O'Neil", "o'neil@cliente.com.br"),
      ),
    ).toBe('003000000000777AAA');
    expect(sandbox.salesforce.contacts(USER)).toHaveLength(1);
    expect(sandbox.salesforce.contacts(USER)[0]?.LastName).toBe("O'Neil");
  });

  it("treats the org's API limit and an outage as retryable, a refused login and rejected fields as final", async () => {
    const client = salesforceClient(credentials);
    sandbox.failNext('salesforce', 'rate_limit');
    await expect(client.createPerson({ name: 'Dora' })).rejects.toBeInstanceOf(CrmRetryable);
    sandbox.failNext('salesforce', 'unavailable');
    await expect(client.createPerson({ name: 'Dora' })).rejects.toBeInstanceOf(CrmRetryable);
    sandbox.failNext('salesforce', 'recipient');
    await expect(client.createPerson({ name: 'Dora' })).rejects.toMatchObject({
      name: 'CrmRejected',
      status: 400,
    });
    forgetSalesforceSessions();
    const wrong = salesforceClient({ ...credentials, securityToken: 'OUTRO' });
    await expect(wrong.createPerson({ name: 'Dora' })).rejects.toMatchObject({
      name: 'CrmRejected',
      status: 400,
    });
  });
});

describe('installed Nectar and Salesforce apps reach the sync', () => {
  it("builds each client from the installation's sealed credentials and settings", async () => {
    const company = newObjectId();
    const record = (name: AppName, settings: AppRecord['settings'], secrets: Record<string, string>) => {
      const _id = newObjectId();
      return {
        ...installed(name),
        _id,
        company,
        settings,
        credentials_set: Object.keys(secrets) as AppRecord['credentials_set'],
        credentials: sealCredentials(secrets, _id),
      };
    };
    await transactWrite({
      nectar: appPuts(record('nectar', {}, { token: 'nectar-installed' })),
      salesforce: appPuts(
        record(
          'salesforce',
          { login_user: 'crm@empresa.com.br' },
          { token: 'secret-1', client_key: 'key-1', login_password: 'pw', security_token: 'ST' },
        ),
      ),
    });
    const crms = await connectedCrms(company);
    expect(crms.map((crm) => crm.app.name).sort()).toEqual(['nectar', 'salesforce']);
    for (const crm of crms) await pushContact(crm, contact('Eva Rocha', 'eva@cliente.com.br'));
    expect(sandbox.nectar.contatos('nectar-installed').map((entry) => entry.nome)).toEqual(['Eva Rocha']);
    expect(sandbox.salesforce.contacts('crm@empresa.com.br').map((entry) => entry.LastName)).toEqual([
      'Rocha',
    ]);
    expect(
      sandbox.sent('salesforce').find((request) => request.path === '/services/oauth2/token')?.body,
    ).toMatchObject({
      client_id: 'key-1',
      client_secret: 'secret-1',
      username: 'crm@empresa.com.br',
      password: 'pwST',
    });
  });
});

describe('RD Station CRM sync through the sandbox', () => {
  const TOKEN = 'rd-crm-token-1';
  const NOTE = 'Atendimento encerrado\n[2026-11-29 10:00] Ana: quero o plano <anual>';

  it('creates the contact with the token as query parameter, waits out a 429 to update the same one, and logs the transcript on a deal made for the conversation, then on that deal again', async () => {
    const app = installed('rdstation');
    const client = rdStationCrmClient({ token: TOKEN });
    const ana = contact('Ana Lima', 'ana@cliente.com.br', '+5585988887777');
    const id = await pushContact({ app, client }, ana);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(sandbox.rdStationCrm.contacts(TOKEN)).toEqual([
      expect.objectContaining({
        _id: id,
        name: 'Ana Lima',
        emails: [{ email: 'ana@cliente.com.br' }],
        phones: [{ phone: '+5585988887777', type: 'cellphone' }],
        deal_ids: [],
      }),
    ]);
    const create = sandbox.sent('rdstation').find((request) => request.method === 'POST');
    // The fake files it under the account its `token` query parameter names (asserted above); no header carries it.
    expect(Object.keys(create?.headers ?? {}).filter((name) => /token|authorization/i.test(name))).toEqual(
      [],
    );
    expect(create?.body).toMatchObject({ contact: { name: 'Ana Lima' } });

    sandbox.failNext('rdstation', 'rate_limit', { retryAfter: 1 });
    expect(await pushContact({ app, client }, { ...ana, full_name: 'Ana Lima Souza' })).toBe(id);
    expect(sandbox.rdStationCrm.contacts(TOKEN)).toHaveLength(1);
    expect(sandbox.rdStationCrm.contacts(TOKEN)[0]?.name).toBe('Ana Lima Souza');
    expect(
      sandbox
        .sent('rdstation')
        .filter((request) => request.method === 'PUT')
        .map((request) => request.response.status),
    ).toEqual([429, 200]);

    await client.addNote(id ?? '', TRANSCRIPT, { name: 'Ana Lima Souza' });
    const [deal] = sandbox.rdStationCrm.deals(TOKEN);
    expect(deal?.name).toBe('Atendimento - Ana Lima Souza');
    expect(sandbox.rdStationCrm.contacts(TOKEN)[0]?.deal_ids).toEqual([deal?._id]);
    await client.addNote(id ?? '', TRANSCRIPT, { name: 'Ana Lima Souza' });
    expect(sandbox.rdStationCrm.deals(TOKEN)).toHaveLength(1);
    expect(sandbox.rdStationCrm.activities(TOKEN)).toEqual([
      expect.objectContaining({ deal_id: deal?._id, text: NOTE }),
      expect.objectContaining({ deal_id: deal?._id, text: NOTE }),
    ]);
  });

  it("annotates a salesperson's contact on its most recent deal, found by e-mail, else by phone typed without +55", async () => {
    sandbox.rdStationCrm.addContact(TOKEN, {
      _id: '65a000000000000000000001',
      name: 'Bia',
      email: 'bia@cliente.com.br',
      deals: [
        { _id: '65b000000000000000000002', name: 'Plano anual' },
        { _id: '65a000000000000000000009', name: 'Plano mensal (antigo)' },
      ],
    });
    sandbox.rdStationCrm.addContact(TOKEN, {
      _id: '65a000000000000000000003',
      name: 'Caio',
      phone: '(85) 97777-6666',
    });
    const client = rdStationCrmClient({ token: TOKEN });
    const bia = await pushContact(
      { app: installed('rdstation'), client },
      contact('Beatriz', 'bia@cliente.com.br'),
    );
    expect(bia).toBe('65a000000000000000000001');
    expect(
      await pushContact(
        { app: installed('rdstation'), client },
        contact('Caio Prado', undefined, '+5585977776666'),
      ),
    ).toBe('65a000000000000000000003');
    expect(sandbox.rdStationCrm.contacts(TOKEN).map((entry) => entry.name)).toEqual([
      'Beatriz',
      'Caio Prado',
    ]);
    expect(sandbox.sent('rdstation').filter((request) => request.method === 'POST')).toEqual([]);

    await client.addNote(bia ?? '', TRANSCRIPT, { name: 'Beatriz' });
    expect(sandbox.rdStationCrm.deals(TOKEN)).toHaveLength(2);
    expect(sandbox.rdStationCrm.activities(TOKEN)).toEqual([
      expect.objectContaining({ deal_id: '65b000000000000000000002', text: NOTE }),
    ]);
  });

  it('hands a long rate limit and an outage back to the queue; a revoked token and rejected fields are final', async () => {
    const client = rdStationCrmClient({ token: TOKEN });
    sandbox.failNext('rdstation', 'rate_limit', { retryAfter: 60 });
    await expect(client.createPerson({ name: 'Dora' })).rejects.toMatchObject({
      name: 'CrmRetryable',
      retryAfterSeconds: 60,
    });
    sandbox.failNext('rdstation', 'unavailable');
    await expect(client.findPerson?.({ name: 'Dora', email: 'dora@cliente.com.br' })).rejects.toBeInstanceOf(
      CrmRetryable,
    );
    sandbox.failNext('rdstation', 'auth');
    await expect(client.createPerson({ name: 'Dora' })).rejects.toMatchObject({
      name: 'CrmRejected',
      status: 401,
    });
    sandbox.failNext('rdstation', 'recipient');
    await expect(client.createPerson({ name: 'Dora' })).rejects.toMatchObject({
      name: 'CrmRejected',
      status: 422,
    });
    await expect(rdStationCrmClient({ token: '' }).createPerson({ name: 'Dora' })).rejects.toMatchObject({
      status: 401,
    });
    expect(sandbox.rdStationCrm.contacts(TOKEN)).toEqual([]);
  });

  it('a contact deleted in RD Station CRM is created again and relinked', async () => {
    const app = installed('rdstation');
    const client = rdStationCrmClient({ token: TOKEN });
    const eva = contact('Eva Rocha', 'eva@cliente.com.br');
    const first = await pushContact({ app, client }, eva);
    sandbox.rdStationCrm.reset();
    const second = await pushContact({ app, client }, eva);
    expect(second).not.toBe(first);
    expect(sandbox.rdStationCrm.contacts(TOKEN).map((entry) => entry._id)).toEqual([second]);
  });
});

describe('installed RD Station CRM app reaches the sync', () => {
  it("syncs with the installation's sealed token, and an installation with its alias only stays out of the sync", async () => {
    const company = newObjectId();
    const record = (secrets: Record<string, string>) => {
      const _id = newObjectId();
      return {
        ...installed('rdstation'),
        _id,
        company,
        settings: { alias: 'Vendas' },
        credentials_set: Object.keys(secrets) as AppRecord['credentials_set'],
        credentials: sealCredentials(secrets, _id),
      };
    };
    await transactWrite({ rdstation: appPuts(record({})) });
    expect(await connectedCrms(company)).toEqual([]);

    const other = newObjectId();
    const withToken = { ...record({ token: 'rd-installed' }), company: other };
    await transactWrite({
      rdstation: appPuts({
        ...withToken,
        credentials: sealCredentials({ token: 'rd-installed' }, withToken._id),
      }),
    });
    const crms = await connectedCrms(other);
    expect(crms.map((crm) => crm.app.name)).toEqual(['rdstation']);
    for (const crm of crms) await pushContact(crm, contact('Eva Rocha', 'eva@cliente.com.br'));
    expect(sandbox.rdStationCrm.contacts('rd-installed').map((entry) => entry.name)).toEqual(['Eva Rocha']);
  });
});
