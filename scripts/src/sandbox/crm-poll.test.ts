import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { linkOf, localIdOf } from '@atende/functions/apps/crm/links';
import { pollCrms, pollInstallation } from '@atende/functions/apps/crm/poll';
import { backfillPollEntries, POLL_BACKFILL_MIGRATION } from '@atende/functions/apps/crm/poll-backfill';
import { appKeys } from '@atende/functions/apps/keys';
import { forgetSalesforceSessions } from '@atende/functions/apps/crm/salesforce';
import { PERSON, pushContact, crmClientOf } from '@atende/functions/apps/crm/sync';
import type { AppRecord } from '@atende/functions/apps/records';
import { appDeletes, appPuts } from '@atende/functions/apps/store';
import { emailClaimKey } from '@atende/functions/contacts/entities';
import type { ContactRecord } from '@atende/functions/contacts/records';
import { newContactRecord } from '@atende/functions/contacts/service';
import { claimOwner, readContact, writeContact } from '@atende/functions/contacts/store';
import { sealCredentials } from '@atende/functions/integrations/crypto';
import { clients } from '@atende/functions/lib/clients';
import { config } from '@atende/functions/lib/config';
import { transactWrite } from '@atende/functions/lib/dynamo/transaction';
import { useTestTables } from '@atende/functions/testing/dynamodb';
import type { AppName } from '@atende/shared/domain/apps';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderSandbox, type ProviderSandbox } from './server.ts';

/**
 * The CRM → here half of the sync for the CRMs read by the schedule (Agendor, Nectar, Salesforce, RD Station
 * CRM), against the sandbox's fakes: a person a salesperson edits there updates its contact here, one added
 * there becomes a contact, our own push read back changes nothing (no loop), and an installation's changes
 * land only in its company.
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

function installation(
  name: AppName,
  credentials: Record<string, string>,
  settings: Record<string, string>,
  installedAt: Date,
): AppRecord {
  const _id = newObjectId();
  return {
    _id,
    company: newObjectId(),
    name,
    installed_at: installedAt.toISOString(),
    installed_by: newObjectId(),
    settings,
    credentials_set: [],
    credentials: sealCredentials(credentials, _id),
  };
}

/** An installation written as the install route writes it (its poll entry included). */
async function install(
  name: AppName,
  credentials: Record<string, string>,
  settings: Record<string, string> = {},
  installedAt = new Date(),
): Promise<AppRecord> {
  const record = installation(name, credentials, settings, installedAt);
  await transactWrite({ app: appPuts(record) });
  return record;
}

/** An installation as the install route wrote it before the schedule's entries existed: no poll entry. */
async function installWithoutEntry(name: AppName, credentials: Record<string, string>): Promise<AppRecord> {
  const record = installation(name, credentials, {}, new Date());
  const send = (Item: Record<string, unknown>) =>
    clients().document.send(new PutCommand({ TableName: config().mainTable, Item }));
  await send({ ...appKeys.item(record.company, record.name), entity: 'app', ...record });
  await send({ ...appKeys.pointer(record._id), companyId: record.company, name: record.name });
  return record;
}

const fail = (): never => {
  throw new Error('no client');
};

async function pollEntryOf(app: AppRecord) {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: appKeys.poll(app._id), ConsistentRead: true }),
  );
  return Item;
}

/** The migration as a fresh deploy finds it: not run yet. */
const forgetMigration = () =>
  clients().document.send(new DeleteCommand({ TableName: config().mainTable, Key: POLL_BACKFILL_MIGRATION }));

async function contactHere(app: AppRecord, full_name: string, email: string, cel_phone: string) {
  const record: ContactRecord = {
    ...newContactRecord(app.company, new Date().toISOString(), null, 'manual'),
    full_name,
    email,
    cel_phone,
    channel: 'whatsapp',
  };
  await writeContact(undefined, record, { actor: null });
  return record;
}

/** Pushes the contact as the crm-sync consumer does; answers the CRM's id. */
async function pushed(app: AppRecord, contact: ContactRecord): Promise<string> {
  const client = crmClientOf(app);
  if (!client) throw new Error(`${app.name} has no client`);
  const id = await pushContact({ app, client }, contact);
  if (!id) throw new Error('not pushed');
  return id;
}

/** Polls once more after our push back: the person is read again (our echo) and the contact is not written. */
async function expectNoEcho(app: AppRecord, contactId: string, mark: string | undefined) {
  const before = await readContact(app.company, contactId);
  const again = await pollInstallation(app, mark);
  expect(again.applied).toBeGreaterThanOrEqual(1);
  expect((await readContact(app.company, contactId))?.updated_at).toBe(before?.updated_at);
}

describe('CRM → here through the schedule', () => {
  it('Agendor: a person edited there updates the contact; one added there becomes a contact; the echo changes nothing', async () => {
    const TOKEN = 'agendor-poll-1';
    const app = await install('agendor', { token: TOKEN });
    const ana = await contactHere(app, 'Ana Lima', 'ana@cliente.com.br', '+5585988887777');
    const remoteId = await pushed(app, ana);

    sandbox.agendor.editPerson(TOKEN, Number(remoteId), {
      name: 'Ana Lima Souza',
      whatsapp: '+5585977776666',
    });
    sandbox.agendor.addPerson(TOKEN, { id: 7001, name: 'Bruno Dias', email: 'bruno@cliente.com.br' });
    const first = await pollInstallation(app, undefined);
    expect(first.applied).toBe(2);
    expect(await readContact(app.company, ana._id)).toMatchObject({
      full_name: 'Ana Lima Souza',
      cel_phone: '+5585977776666',
      email: 'ana@cliente.com.br',
    });
    const bruno = await claimOwner(emailClaimKey(app.company, 'bruno@cliente.com.br'));
    expect(bruno).toBeDefined();
    expect(await readContact(app.company, bruno ?? '')).toMatchObject({
      full_name: 'Bruno Dias',
      origin: 'agendor',
    });
    expect(await localIdOf(app, PERSON, '7001')).toBe(bruno);
    const listed = sandbox.sent('agendor').find((request) => request.query.since !== undefined);
    expect(listed?.query).toMatchObject({ page: '1', per_page: '100' });

    // The consumer pushes the updated contact back; reading it again writes nothing here.
    const updated = await readContact(app.company, ana._id);
    if (!updated) throw new Error('contact gone');
    await pushed(app, updated);
    await expectNoEcho(app, ana._id, first.mark);
  });

  it('Nectar: a contato edited there updates the contact, read by its update day and page', async () => {
    const TOKEN = 'nectar-poll-1';
    const app = await install('nectar', { token: TOKEN });
    const caio = await contactHere(app, 'Caio Prado', 'caio@cliente.com.br', '+5585966665555');
    const remoteId = await pushed(app, caio);
    expect(sandbox.nectar.contatos(TOKEN)[0]?.telefones).toEqual(['85966665555']);

    sandbox.nectar.editContato(TOKEN, Number(remoteId), {
      nome: 'Caio Prado Filho',
      email: 'caio@novo.com.br',
    });
    const first = await pollInstallation(app, undefined);
    expect(first.applied).toBe(1);
    expect(await readContact(app.company, caio._id)).toMatchObject({
      full_name: 'Caio Prado Filho',
      email: 'caio@novo.com.br',
      // Nectar's national digits read back as the same E.164 number: unchanged.
      cel_phone: '+5585966665555',
    });
    const listed = sandbox.sent('nectar').find((request) => request.query.dataInicioAtualizacao);
    expect(listed?.query.dataInicioAtualizacao).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(listed?.query).toMatchObject({ page: '1', displayLength: '200' });

    const updated = await readContact(app.company, caio._id);
    if (!updated) throw new Error('contact gone');
    await pushed(app, updated);
    await expectNoEcho(app, caio._id, first.mark);
  });

  it('Salesforce: a Contact modified there updates the contact, read with SOQL on LastModifiedDate across batches', async () => {
    const credentials = {
      client_key: 'consumer-key',
      token: 'consumer-secret',
      login_password: 'senha',
      security_token: 'sectoken',
    };
    const app = await install('salesforce', credentials, { login_user: 'vendas@empresa.com.br' });
    const dora = await contactHere(app, 'Dora Maria Alves', 'dora@cliente.com.br', '+5585955554444');
    const remoteId = await pushed(app, dora);
    sandbox.salesforce.batchSize = 1;
    sandbox.salesforce.addContact('vendas@empresa.com.br', {
      Id: '003000000000777AAA',
      LastName: 'Eva',
      Email: 'eva@cliente.com.br',
    });
    sandbox.salesforce.editContact('vendas@empresa.com.br', remoteId, {
      FirstName: 'Dora',
      LastName: 'Alves Costa',
    });

    const first = await pollInstallation(app, undefined);
    expect(first.applied).toBe(2);
    expect((await readContact(app.company, dora._id))?.full_name).toBe('Dora Alves Costa');
    const eva = await claimOwner(emailClaimKey(app.company, 'eva@cliente.com.br'));
    expect(await readContact(app.company, eva ?? '')).toMatchObject({
      full_name: 'Eva',
      origin: 'salesforce',
    });
    const queries = sandbox
      .sent('salesforce')
      .filter((request) => request.path.includes('/query'))
      .map((request) => request.query.q ?? request.path);
    expect(queries).toEqual([
      expect.stringMatching(
        /^SELECT Id, FirstName, LastName, Email, MobilePhone, LastModifiedDate FROM Contact WHERE LastModifiedDate >= \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z ORDER BY LastModifiedDate$/,
      ),
      expect.stringMatching(/\/query\/01g/),
    ]);

    const updated = await readContact(app.company, dora._id);
    if (!updated) throw new Error('contact gone');
    await pushed(app, updated);
    await expectNoEcho(app, dora._id, first.mark);
  });

  it('RD Station CRM: a contact edited there updates the contact, read newest first until older than the mark', async () => {
    const TOKEN = 'rd-poll-1';
    const old = new Date(Date.now() - 60_000).toISOString();
    const app = await install('rdstation', { token: TOKEN });
    const fabio = await contactHere(app, 'Fabio Reis', 'fabio@cliente.com.br', '+5585944443333');
    const remoteId = await pushed(app, fabio);
    sandbox.rdStationCrm.editContact(TOKEN, remoteId, { name: 'Fábio Reis', phone: '+5585933332222' });

    const first = await pollInstallation(app, old);
    expect(first.applied).toBe(1);
    expect(await readContact(app.company, fabio._id)).toMatchObject({
      full_name: 'Fábio Reis',
      cel_phone: '+5585933332222',
    });
    const listed = sandbox.sent('rdstation').find((request) => request.query.order === 'updated_at');
    expect(listed?.query).toMatchObject({ direction: 'desc', page: '1', limit: '200' });

    const updated = await readContact(app.company, fabio._id);
    if (!updated) throw new Error('contact gone');
    await pushed(app, updated);
    await expectNoEcho(app, fabio._id, first.mark);
  });

  it("the schedule reads every installation with its own mark, and changes land only in that installation's company", async () => {
    const mine = await install('agendor', { token: 'agendor-company-a' });
    const theirs = await install('agendor', { token: 'agendor-company-b' });
    sandbox.agendor.addPerson('agendor-company-a', {
      id: 8001,
      name: 'Gabi Souza',
      email: 'gabi@cliente.com.br',
    });

    const run = await pollCrms();
    expect(run.applied).toBeGreaterThanOrEqual(1);
    expect(await claimOwner(emailClaimKey(mine.company, 'gabi@cliente.com.br'))).toBeDefined();
    expect(await claimOwner(emailClaimKey(theirs.company, 'gabi@cliente.com.br'))).toBeUndefined();
    expect(await localIdOf(theirs, PERSON, '8001')).toBeUndefined();

    // Uninstalled: its entry goes with it and the schedule no longer reads that account.
    await transactWrite({ app: appDeletes(theirs) });
    sandbox.reset();
    await pollCrms();
    expect(
      sandbox
        .sent('agendor')
        .filter((request) => request.headers.authorization === 'Token agendor-company-b'),
    ).toEqual([]);
  });

  it('a CRM rate limit or outage keeps the mark, so the next run reads the same changes', async () => {
    const TOKEN = 'nectar-poll-429';
    const app = await install('nectar', { token: TOKEN });
    sandbox.nectar.addContato(TOKEN, { id: 9001, nome: 'Hugo', telefone: '85922221111' });
    sandbox.failNext('nectar', 'unavailable');
    await expect(pollInstallation(app, app.installed_at)).rejects.toMatchObject({ name: 'CrmRetryable' });
    const retried = await pollInstallation(app, app.installed_at);
    expect(retried.applied).toBe(1);
    expect(await localIdOf(app, PERSON, '9001')).toBeDefined();
  });

  it('an installation made before the poll entries existed is polled without a reinstall (the migration gives it its entry once)', async () => {
    await forgetMigration();
    const TOKEN = 'agendor-old-shape';
    const old = await installWithoutEntry('agendor', { token: TOKEN });
    const notPolled = await installWithoutEntry('pipedrive', { token: 'pd', domain: 'empresa' });
    // An installation that already has its entry keeps its mark.
    const current = await install('nectar', { token: 'nectar-current' });
    const currentMark = new Date(Date.now() - 30_000).toISOString();
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: { ...appKeys.poll(current._id), companyId: current.company, name: 'nectar', mark: currentMark },
      }),
    );
    expect(await pollEntryOf(old)).toBeUndefined();
    sandbox.agendor.addPerson(TOKEN, { id: 9101, name: 'Iara Melo', email: 'iara@cliente.com.br' });

    const run = await pollCrms();
    expect(run.applied).toBeGreaterThanOrEqual(1);
    expect(await pollEntryOf(old)).toMatchObject({ companyId: old.company, name: 'agendor' });
    expect(await pollEntryOf(notPolled)).toBeUndefined();
    expect((await pollEntryOf(current))?.mark).toBe(currentMark);
    const iara = await claimOwner(emailClaimKey(old.company, 'iara@cliente.com.br'));
    expect(await readContact(old.company, iara ?? '')).toMatchObject({
      full_name: 'Iara Melo',
      origin: 'agendor',
    });
    expect(
      sandbox.sent('agendor').some((request) => request.headers.authorization === `Token ${TOKEN}`),
    ).toBe(true);

    // Done once: a later installation of the old shape is not looked for again (no scan on every run).
    const later = await installWithoutEntry('agendor', { token: 'agendor-after-migration' });
    expect(await backfillPollEntries()).toEqual({ done: true, written: 0 });
    expect(await pollEntryOf(later)).toBeUndefined();
  });

  it('the migration resumes where its time budget stopped it, run after run, until it has read the whole table', async () => {
    await forgetMigration();
    const waiting = await installWithoutEntry('salesforce', { token: 'x' });
    let runs = 0;
    let run = { done: false, written: 0 };
    let written = 0;
    while (!run.done && runs < 200) {
      run = await backfillPollEntries({ budgetMs: 0, pageSize: 25 });
      written += run.written;
      runs += 1;
    }
    expect(run.done).toBe(true);
    expect(runs).toBeGreaterThan(1);
    expect(written).toBeGreaterThanOrEqual(1);
    expect(await pollEntryOf(waiting)).toMatchObject({ companyId: waiting.company, name: 'salesforce' });
  });

  it('Salesforce: a Contact deleted there unlinks its contact, which stays here and is not recreated there', async () => {
    const USER = 'exclusoes@empresa.com.br';
    const credentials = {
      client_key: 'consumer-key',
      token: 'consumer-secret',
      login_password: 'senha',
      security_token: 'sectoken',
    };
    const app = await install(
      'salesforce',
      credentials,
      { login_user: USER },
      new Date(Date.now() - 10 * 60_000),
    );
    const joana = await contactHere(app, 'Joana Dias', 'joana@cliente.com.br', '+5585911112222');
    const remoteId = await pushed(app, joana);
    sandbox.salesforce.addContact(USER, { Id: '003000000000888AAA', LastName: 'Alheio' });
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    sandbox.salesforce.deleteContact(USER, remoteId, twoMinutesAgo);
    sandbox.salesforce.deleteContact(USER, '003000000000888AAA', twoMinutesAgo);

    const run = await pollInstallation(app, undefined);
    expect(run.unlinked).toBe(1);
    expect(await readContact(app.company, joana._id)).toMatchObject({ full_name: 'Joana Dias' });
    expect(await localIdOf(app, PERSON, remoteId)).toBeUndefined();
    expect(await linkOf(app, PERSON, joana._id)).toEqual({ deletedRemotely: true });
    const asked = sandbox.sent('salesforce').find((request) => request.path.endsWith('/deleted/'));
    expect(asked?.path).toBe('/services/data/v59.0/sobjects/Contact/deleted/');
    expect(asked?.query.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+00:00$/);
    expect(asked?.query.end).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+00:00$/);
    expect((await pollEntryOf(app))?.deleted_mark).toBe(run.deletedMark);

    // The contact changes here: the sync leaves the deleted person deleted.
    const before = sandbox.salesforce.contacts(USER).length;
    expect(
      await pushContact({ app, client: crmClientOf(app) ?? fail() }, { ...joana, full_name: 'Joana D.' }),
    ).toBeUndefined();
    expect(sandbox.salesforce.contacts(USER)).toHaveLength(before);
    // The next run starts at the covered mark: nothing is unlinked twice.
    expect((await pollInstallation(app, run.mark, run.deletedMark)).unlinked).toBe(0);
  });

  it('Salesforce: a delete log that no longer reaches the mark moves the mark on instead of failing every run', async () => {
    const USER = 'purga@empresa.com.br';
    const credentials = {
      client_key: 'consumer-key',
      token: 'consumer-secret',
      login_password: 'senha',
      security_token: 'sectoken',
    };
    const app = await install(
      'salesforce',
      credentials,
      { login_user: USER },
      new Date(Date.now() - 10 * 60_000),
    );
    const lia = await contactHere(app, 'Lia Rocha', 'lia@cliente.com.br', '+5585933334444');
    const remoteId = await pushed(app, lia);
    sandbox.salesforce.deleteContact(USER, remoteId, new Date(Date.now() - 2 * 60_000));
    sandbox.salesforce.purgeDeleteLog(USER);

    const run = await pollInstallation(app, undefined);
    expect(run.unlinked).toBe(0);
    expect(new Date(run.deletedMark ?? 0).getTime()).toBeGreaterThan(Date.now() - 2 * 60_000);
    expect((await pollEntryOf(app))?.deleted_mark).toBe(run.deletedMark);
  });
});
