import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { createContactExport } from '@atende/shared/contracts/contacts/create-contact-export';
import { createContactImport } from '@atende/shared/contracts/contacts/create-contact-import';
import { getContactExport } from '@atende/shared/contracts/contacts/get-contact-export';
import { getContactImport } from '@atende/shared/contracts/contacts/get-contact-import';
import { getContactImportErrors } from '@atende/shared/contracts/contacts/get-contact-import-errors';
import type { ExportView } from '@atende/shared/contracts/contacts/exports';
import type { ImportView } from '@atende/shared/contracts/contacts/imports';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { contactKeys } from '../contacts/keys.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler as exportConsumer } from './export-consumer.ts';
import { handler as importConsumer, runImport } from './import-consumer.ts';
import { fakeAws, sqsEventOf } from './test-aws.ts';

let a: Tenant;
let b: Tenant;
let aws: Awaited<ReturnType<typeof fakeAws>>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  aws = await fakeAws();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const CSV = [
  'Nome;Telefone;Email;Etiquetas',
  'João Importado;(85) 93333-0001;joao@importado.com;Cliente',
  ';(85) 93333-0002;;',
  'Telefone Ruim;12;;',
  'Já Existe;(85) 93333-0009;;',
  'Repetido no Arquivo;(85) 93333-0001;;',
  'Tag Desconhecida;;;Fantasma',
  'Maria Importada;;maria@importada.com;',
].join('\n');

const upload = (tenant: Tenant, csv: string, mapping: Record<string, string>, token = tenant.admin.token) =>
  callRoute(contactsHandler, createContactImport, {
    token,
    body: { file_name: 'base.csv', content_base64: Buffer.from(csv).toString('base64'), mapping },
  });

const MAPPING = { full_name: 'Nome', cel_phone: 'Telefone', email: 'Email', tags: 'Etiquetas' };

const status = async (tenant: Tenant, id: string) =>
  (await callRoute(contactsHandler, getContactImport, { token: tenant.admin.token, params: { id } }))
    .body as ImportView;

const names = async (tenant: Tenant, search: string) =>
  (
    (await callRoute(contactsHandler, listContacts, { token: tenant.admin.token, query: { search } }))
      .body as {
      contacts: ContactView[];
    }
  ).contacts.map((contact) => contact.full_name);

describe('contact import', () => {
  it('imports good rows in the background and reports bad and duplicate rows with reasons', async () => {
    await callRoute(tagsHandler, createTag, {
      token: a.admin.token,
      body: { name: 'Cliente', color: '#00ff00' },
    });
    await callRoute(contactsHandler, createContact, {
      token: a.admin.token,
      body: { full_name: 'Já Existia', cel_phone: '85 93333-0009' },
    });
    const started = await upload(a, CSV, MAPPING);
    expect(started.status).toBe(202);
    const { _id: id } = started.body as { _id: string };
    expect(await status(a, id)).toMatchObject({ status: 'queued', total: 7, processed: 0 });
    const message = aws.sent.get('contact-import')?.at(-1);
    expect(message).toEqual({ companyId: a.companyId, jobId: id });
    expect(await importConsumer(sqsEventOf(message as never))).toEqual({ batchItemFailures: [] });
    const done = await status(a, id);
    expect(done).toMatchObject({
      status: 'done',
      total: 7,
      processed: 7,
      created: 2,
      duplicates: 2,
      errors: 3,
    });
    expect(done.error_rows).toEqual([
      { row: 2, field: 'full_name', reason: ptBR.forms.requiredField },
      { row: 3, field: 'cel_phone', reason: ptBR.contacts.invalidPhone },
      { row: 6, field: 'tags', reason: `${ptBR.contacts.tagNotFound} (Fantasma)` },
    ]);
    expect(await names(a, 'joao importado')).toEqual(['João Importado']);
    const report = await callRoute(contactsHandler, getContactImportErrors, {
      token: a.admin.token,
      params: { id },
    });
    const csv = (report.body as { csv: string }).csv;
    expect(csv.split('\r\n')[0]).toBe('linha,campo,motivo,Nome,Telefone,Email,Etiquetas');
    // Fields named as the mapping step showed them, not by their keys (cel_phone, tags).
    const phone = ptBR.contactsScreens.contacts.phone;
    expect(csv).toContain(`3,${phone},${ptBR.contacts.invalidPhone},Telefone Ruim,12,,`);
    expect(csv).toContain(`4,${phone},${ptBR.contacts.importDuplicate},Já Existe`);
    expect(csv).toContain(`5,${phone},${ptBR.contacts.importDuplicate},Repetido no Arquivo`);
    expect(csv).toContain(`6,${ptBR.contactsScreens.contacts.tags},`);
    expect(csv).not.toMatch(/,(cel_phone|tags|full_name),/);
  });

  it('resumes after a crash without importing any row twice', async () => {
    const csv = [
      'Nome,Telefone',
      ...Array.from({ length: 12 }, (_, i) => `Retomada ${i},(85) 92222-${String(1000 + i)}`),
    ].join('\n');
    const { _id: id } = (await upload(a, csv, { full_name: 'Nome', cel_phone: 'Telefone' })).body as {
      _id: string;
    };
    const message = { companyId: a.companyId, jobId: id };
    await importConsumer(sqsEventOf(message));
    expect(await status(a, id)).toMatchObject({ status: 'done', created: 12 });
    // A crash after the rows were written but before the checkpoint moved: the run starts over from row 0.
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: contactKeys.importJob(a.companyId, id),
        UpdateExpression: 'SET #p = :zero, created = :zero, #s = :running',
        ExpressionAttributeNames: { '#s': 'status', '#p': 'processed' },
        ExpressionAttributeValues: { ':zero': 0, ':running': 'running' },
      }),
    );
    await importConsumer(sqsEventOf(message, 2));
    await importConsumer(sqsEventOf(message, 3));
    expect(await status(a, id)).toMatchObject({
      status: 'done',
      processed: 12,
      created: 12,
      duplicates: 0,
      errors: 0,
    });
    expect(await names(a, 'retomada')).toHaveLength(12);
  });

  it('continues from its checkpoint when the connection to the file drops mid-read', async () => {
    // Rows of about 2 KB (an unmapped notes column), so the drop comes after several chunks were written.
    const csv = [
      'Nome,Telefone,Notas',
      ...Array.from(
        { length: 100 },
        (_, i) => `Queda ${i},(85) 94444-${String(1000 + i)},${'n'.repeat(2000)}`,
      ),
    ].join('\n');
    const { _id: id } = (await upload(a, csv, { full_name: 'Nome', cel_phone: 'Telefone' })).body as {
      _id: string;
    };
    const message = { companyId: a.companyId, jobId: id };
    const queued = aws.sent.get('contact-import')?.length ?? 0;
    aws.s3.cutNextGet(150_000);
    await expect(runImport(message, { chunkRows: 10 })).resolves.toBe('continued');
    const midway = await status(a, id);
    expect(midway.status).toBe('running');
    expect(midway.processed).toBeGreaterThan(0);
    expect(midway.processed).toBeLessThan(100);
    expect(aws.sent.get('contact-import')?.slice(queued)).toEqual([message]);
    await expect(runImport(message, { chunkRows: 10 })).resolves.toBe('done');
    expect(await status(a, id)).toMatchObject({
      status: 'done',
      processed: 100,
      created: 100,
      duplicates: 0,
    });
    expect(await names(a, 'queda')).toHaveLength(50); // the search's first page
  });

  it('creates the unknown tags the user chose to create, so their rows go in with them', async () => {
    const csv = ['Nome;Etiquetas', 'Ana Atacado;Atacado; VIP', 'Bruno Varejo;atacado'].join('\n');
    const started = await callRoute(contactsHandler, createContactImport, {
      token: b.admin.token,
      body: {
        file_name: 'tags.csv',
        content_base64: Buffer.from(csv).toString('base64'),
        mapping: { full_name: 'Nome', tags: 'Etiquetas' },
        create_tags: ['Atacado', 'VIP'],
      },
    });
    expect(started.status).toBe(202);
    const { _id: id } = started.body as { _id: string };
    const message = aws.sent.get('contact-import')?.at(-1);
    expect(await importConsumer(sqsEventOf(message as never))).toEqual({ batchItemFailures: [] });
    expect(await status(b, id)).toMatchObject({ status: 'done', created: 2, errors: 0, error_rows: [] });
    const tags = await callRoute(tagsHandler, listTags, { token: b.admin.token });
    expect((tags.body as { tags: { name: string }[] }).tags.map((tag) => tag.name)).toEqual([
      'Atacado',
      'VIP',
    ]);
  });

  it('answers 400 for a mapping naming a missing column, 403 to operators, 404 across companies', async () => {
    const missing = await upload(a, CSV, { ...MAPPING, email: 'E-mail' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      field: 'mapping.email',
      message: `Campo inválido: mapping.email: ${ptBR.contacts.importMissingColumn}`,
    });
    expect((await upload(a, CSV, MAPPING, a.operator.token)).status).toBe(403);
    // Spec point 5: the manager's company permission is checked under the manager rollout.
    await setCompany(a.companyId, { rollouts: [ROLLOUTS.manager] });
    expect((await upload(a, CSV, MAPPING, a.manager.token)).status).toBe(403);
    await setCompany(a.companyId, { rollouts: [] });
    const { _id: id } = (await upload(a, CSV, MAPPING)).body as { _id: string };
    expect(
      (await callRoute(contactsHandler, getContactImport, { token: b.admin.token, params: { id } })).status,
    ).toBe(404);
  });
});

describe('contact export', () => {
  it('builds the XLSX in the background and hands out a short-lived link', async () => {
    const started = await callRoute(contactsHandler, createContactExport, { token: a.admin.token, body: {} });
    expect(started.status).toBe(202);
    const { _id: id } = started.body as { _id: string };
    const message = aws.sent.get('contact-export')?.at(-1);
    expect(message).toEqual({ companyId: a.companyId, jobId: id });
    expect(
      (await callRoute(contactsHandler, getContactExport, { token: a.admin.token, params: { id } })).body,
    ).toMatchObject({
      status: 'queued',
      url: null,
    });
    await exportConsumer(sqsEventOf(message as never));
    const view = (
      await callRoute(contactsHandler, getContactExport, { token: a.admin.token, params: { id } })
    ).body as ExportView;
    expect(view).toMatchObject({ status: 'done', expires_in: 300 });
    expect(view.url).toContain(`exports/C/${a.companyId}/${id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    const content = aws.objects.get(`exports/C/${a.companyId}/${id}.xlsx`) as Uint8Array;
    await workbook.xlsx.load(
      content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Nome',
      'Telefone',
      'E-mail',
      'Canal',
      'Tags',
      'Carteira',
      'Base legal',
      'Criado em',
    ]);
    const rows: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push(String(row.getCell(1).value));
    });
    expect(view.total).toBe(rows.length);
    expect(rows).toContain('João Importado');
    const joao = sheet.getRows(2, rows.length)?.find((row) => row.getCell(1).value === 'João Importado');
    expect(joao?.getCell(2).value).toBe('+5585933330001');
    expect(joao?.getCell(5).value).toBe('Cliente');
    expect(
      (await callRoute(contactsHandler, createContactExport, { token: a.operator.token, body: {} })).status,
    ).toBe(403);
    expect(
      (await callRoute(contactsHandler, getContactExport, { token: b.admin.token, params: { id } })).status,
    ).toBe(404);
  });
});
