import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createContactImport } from '@atende/shared/contracts/contacts/create-contact-import';
import { createContactImportUpload } from '@atende/shared/contracts/contacts/create-contact-import-upload';
import { getContactImport } from '@atende/shared/contracts/contacts/get-contact-import';
import type { ImportView } from '@atende/shared/contracts/contacts/imports';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { clients } from '../lib/clients.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler as importConsumer, runImport } from './import-consumer.ts';
import { consumeOnce, fakeAws, sqsEventOf } from './test-aws.ts';

let a: Tenant;
let b: Tenant;
let aws: Awaited<ReturnType<typeof fakeAws>>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  aws = await fakeAws();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

/** What the browser does with the presigned POST: the file lands under the key the policy pins. */
async function uploadFile(tenant: Tenant, fileName: string, content: Uint8Array, token = tenant.admin.token) {
  const presigned = await callRoute(contactsHandler, createContactImportUpload, {
    token,
    body: { file_name: fileName, size: content.byteLength },
  });
  if (presigned.status !== 200) return { status: presigned.status, body: presigned.body, upload: '' };
  const answer = presigned.body as { upload: string; fields: Record<string, string> };
  aws.objects.set(answer.fields.key as string, content);
  return { status: 200, body: answer, upload: answer.upload };
}

const start = (tenant: Tenant, body: Record<string, unknown>) =>
  callRoute(contactsHandler, createContactImport, { token: tenant.admin.token, body });

const status = async (tenant: Tenant, id: string) =>
  (await callRoute(contactsHandler, getContactImport, { token: tenant.admin.token, params: { id } }))
    .body as ImportView;

async function everyName(tenant: Tenant, search: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = (
      await callRoute(contactsHandler, listContacts, {
        token: tenant.admin.token,
        query: { search, limit: '100', ...(cursor ? { cursor } : {}) },
      })
    ).body as { contacts: ContactView[]; next_cursor: string | null };
    names.push(...page.contacts.map((contact) => contact.full_name));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return names;
}

const csvOf = (prefix: string, rows: number, phoneBase: number) =>
  new TextEncoder().encode(
    [
      'Nome;Telefone',
      ...Array.from(
        { length: rows },
        (_, i) => `${prefix} ${String(i).padStart(4, '0')};(85) 9${phoneBase + i}`,
      ),
    ].join('\r\n'),
  );

describe('POST /api/contacts/imports/uploads', () => {
  it('hands out a presigned POST under the company prefix, pinned to the size limit', async () => {
    const response = await callRoute(contactsHandler, createContactImportUpload, {
      token: a.admin.token,
      body: { file_name: 'base.csv', size: 1234 },
    });
    expect(response.status).toBe(200);
    const body = response.body as { upload: string; url: string; fields: Record<string, string> };
    expect(body.fields.key).toBe(`imports/C/${a.companyId}/uploads/${body.upload}.csv`);
    expect(body.fields['Content-Type']).toBe('text/csv');
    expect(body).toMatchObject({ max_bytes: 50_000_000, expires_in: 900 });
    const policy = JSON.parse(Buffer.from(body.fields.Policy as string, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 50_000_000]);
  });

  it('answers 400 for a file too large or of another type, 403 to operators', async () => {
    const big = await callRoute(contactsHandler, createContactImportUpload, {
      token: a.admin.token,
      body: { file_name: 'base.csv', size: 50_000_001 },
    });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({
      field: 'size',
      message: 'Campo inválido: size: Você excedeu o limite máximo de 50MB',
    });
    const pdf = await callRoute(contactsHandler, createContactImportUpload, {
      token: a.admin.token,
      body: { file_name: 'base.pdf', size: 10 },
    });
    expect(pdf.body).toMatchObject({ field: 'file_name' });
    expect((await uploadFile(a, 'base.csv', csvOf('X', 1, 10_000_000), a.operator.token)).status).toBe(403);
  });
});

describe('import of an uploaded file', () => {
  it('imports an uploaded CSV, counting its rows in the background', async () => {
    const { upload } = await uploadFile(a, 'grande.csv', csvOf('Enviado Ação', 230, 20_000_000));
    const started = await start(a, {
      file_name: 'grande.csv',
      upload,
      mapping: { full_name: 'Nome', cel_phone: 'Telefone' },
    });
    expect(started.status).toBe(202);
    const id = (started.body as { _id: string })._id;
    expect(await status(a, id)).toMatchObject({ status: 'queued', total: 0, processed: 0 });
    await consumeOnce(importConsumer, sqsEventOf({ companyId: a.companyId, jobId: id }));
    expect(await status(a, id)).toMatchObject({ status: 'done', total: 230, processed: 230, created: 230 });
    expect(await everyName(a, 'enviado acao')).toHaveLength(230);
  });

  it('streams an uploaded XLSX', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Base');
    sheet.addRow(['Nome', 'E-mail', 'Nascimento']);
    sheet.addRow(['Conceição Planilha', 'conceicao@planilha.com', new Date('1990-05-01T00:00:00Z')]);
    sheet.addRow([]);
    sheet.addRow(['Sem E-mail Planilha', '', '']);
    const content = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { upload } = await uploadFile(a, 'base.xlsx', content);
    const started = await start(a, {
      file_name: 'base.xlsx',
      upload,
      mapping: { full_name: 'Nome', email: 'E-mail' },
    });
    expect(started.status).toBe(202);
    const id = (started.body as { _id: string })._id;
    await consumeOnce(importConsumer, sqsEventOf({ companyId: a.companyId, jobId: id }));
    expect(await status(a, id)).toMatchObject({ status: 'done', total: 2, created: 2, errors: 0 });
    expect(await everyName(a, 'conceicao planilha')).toEqual(['Conceição Planilha']);
  });

  it('answers 400 for an upload never made, another company’s upload, or no file at all', async () => {
    const mapping = { full_name: 'Nome' };
    const never = await start(a, { file_name: 'x.csv', upload: 'aaaaaaaaaaaaaaaaaaaaaaaa', mapping });
    expect(never.status).toBe(400);
    expect(never.body).toMatchObject({
      field: 'upload',
      message: `Campo inválido: upload: ${ptBR.contacts.importUnreadable}`,
    });
    const { upload } = await uploadFile(b, 'alheio.csv', csvOf('Alheio', 2, 30_000_000));
    expect((await start(a, { file_name: 'alheio.csv', upload, mapping })).body).toMatchObject({
      field: 'upload',
    });
    const none = await start(a, { file_name: 'x.csv', mapping });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ field: 'upload' });
  });
});

describe('an interrupted import', () => {
  const prepare = async (prefix: string, phoneBase: number) => {
    const { upload } = await uploadFile(a, `${prefix}.csv`, csvOf(prefix, 250, phoneBase));
    const started = await start(a, {
      file_name: `${prefix}.csv`,
      upload,
      mapping: { full_name: 'Nome', cel_phone: 'Telefone' },
    });
    return { companyId: a.companyId, jobId: (started.body as { _id: string })._id };
  };

  it('stops between chunks when killed and resumes from its checkpoint', async () => {
    const message = await prepare('Interrompida', 40_000_000);
    let checks = 0;
    const killedAfterOneChunk = () => {
      checks += 1;
      if (checks === 2) throw new Error('killed');
      return Number.POSITIVE_INFINITY;
    };
    await expect(runImport(message, { remainingMs: killedAfterOneChunk, chunkRows: 100 })).rejects.toThrow(
      'killed',
    );
    expect(await status(a, message.jobId)).toMatchObject({ status: 'running', processed: 100, created: 100 });
    expect(await runImport(message, { chunkRows: 100 })).toBe('done');
    expect(await status(a, message.jobId)).toMatchObject({
      status: 'done',
      total: 250,
      processed: 250,
      created: 250,
      duplicates: 0,
    });
    expect(await everyName(a, 'interrompida')).toHaveLength(250);
  });

  it('after a crash in the middle of a chunk, writes the rest once and counts every row once', async () => {
    const message = await prepare('Parcial', 50_000_000);
    // The process dies while the second chunk's transactions are on their way: the first chunk's rows and
    // checkpoint are in (its row transactions, then the checkpoint's), the second chunk's first row
    // transactions commit, the next ones never reach the table.
    const document = clients().document;
    const send = document.send.bind(document) as (command: unknown) => Promise<unknown>;
    let transactions = 0;
    const crash = vi.spyOn(document, 'send').mockImplementation(((command: unknown) => {
      if (command instanceof TransactWriteCommand) {
        transactions += 1;
        if (transactions > 7) return Promise.reject(new Error('killed'));
      }
      return send(command);
    }) as typeof document.send);
    await expect(runImport(message, { chunkRows: 100 })).rejects.toThrow('killed');
    crash.mockRestore();
    expect(await status(a, message.jobId)).toMatchObject({ status: 'running', processed: 100, created: 100 });
    const survived = (await everyName(a, 'parcial')).length;
    expect(survived).toBeGreaterThan(100);
    expect(survived).toBeLessThan(200);
    await importConsumer(sqsEventOf(message, 2));
    expect(await status(a, message.jobId)).toMatchObject({
      status: 'done',
      processed: 250,
      created: 250,
      duplicates: 0,
      errors: 0,
    });
    const names = await everyName(a, 'parcial');
    expect(names).toHaveLength(250);
    expect(new Set(names).size).toBe(250);
  });
});
