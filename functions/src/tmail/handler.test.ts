import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { createDepartment } from '@atende/shared/contracts/departments/create-department';
import { getTmail } from '@atende/shared/contracts/tmail/get-tmail';
import { listTmails } from '@atende/shared/contracts/tmail/list-tmails';
import { presignTmailAttachment } from '@atende/shared/contracts/tmail/presign-tmail-attachment';
import { searchTmailPeople } from '@atende/shared/contracts/tmail/search-people';
import { sendTmail } from '@atende/shared/contracts/tmail/send-tmail';
import { unreadTmails } from '@atende/shared/contracts/tmail/unread-tmails';
import { updateTmail } from '@atende/shared/contracts/tmail/update-tmail';
import type { TmailDetail, TmailSummary } from '@atende/shared/contracts/tmail/views';
import { updateEmployee } from '@atende/shared/contracts/employees/update-employee';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as departmentsHandler } from '../departments/handler.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import { connect } from '../realtime/service.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let posted: { connectionId: string; frame: ServerFrame }[] = [];
let a: Tenant;
let b: Tenant;
let operatorConnection: string;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  operatorConnection = `conn-${newObjectId()}`;
  await connect(
    {
      auth: {
        companyId: a.companyId,
        employeeId: a.operator.id,
        role: 'operator',
        sessionId: newObjectId(),
        blocked: false,
      },
      connectionId: operatorConnection,
    },
    Date.now(),
  );
});

beforeEach(() => {
  posted = [];
  management.reset();
  management.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string; Data: Uint8Array }) => {
    posted.push({
      connectionId: input.ConnectionId,
      frame: JSON.parse(Buffer.from(input.Data).toString('utf8')) as ServerFrame,
    });
    return {};
  });
});

const send = (token: string, body: Record<string, unknown>) =>
  callRoute(handler, sendTmail, { token, body: { employees: [], departments: [], ...body } });

const box = async (token: string, name: 'inbox' | 'sent' | 'archived') => {
  const answer = await callRoute(handler, listTmails, { token, query: { box: name } });
  expect(answer.status).toBe(200);
  return (answer.body as { items: TmailSummary[] }).items;
};

const unread = async (token: string) =>
  ((await callRoute(handler, unreadTmails, { token })).body as { unread: number }).unread;

describe('T-mail', () => {
  it('delivers to a person: inbox, sent, read state, archive, and a tmail-new frame to the recipient', async () => {
    const sent = await send(a.admin.token, {
      employees: [a.operator.id],
      subject: 'Escala de sábado',
      body: 'Olá, você está na escala de sábado.',
    });
    expect(sent.status).toBe(201);
    const mail = sent.body as TmailDetail;
    expect(mail.to).toEqual([{ _id: a.operator.id, name: 'Operador Bruno' }]);

    const frames = posted.filter((entry) => entry.frame.event === 'tmail-new');
    expect(frames.map((entry) => entry.connectionId)).toEqual([operatorConnection]);
    expect(frames[0]?.frame.data).toMatchObject({
      company: a.companyId,
      tmail: mail._id,
      subject: 'Escala de sábado',
    });

    expect(await unread(a.operator.token)).toBe(1);
    const inbox = await box(a.operator.token, 'inbox');
    expect(inbox.map((item) => [item.subject, item.read])).toEqual([['Escala de sábado', false]]);
    expect((await box(a.admin.token, 'sent')).map((item) => item._id)).toContain(mail._id);
    expect(await box(a.admin.token, 'inbox')).toEqual([]);

    const opened = await callRoute(handler, getTmail, { token: a.operator.token, params: { id: mail._id } });
    expect(opened.body).toMatchObject({ body: 'Olá, você está na escala de sábado.', read: true });
    expect(await unread(a.operator.token)).toBe(0);

    const archived = await callRoute(handler, updateTmail, {
      token: a.operator.token,
      params: { id: mail._id },
      body: { archived: true, read: false },
    });
    expect(archived.body).toMatchObject({ archived: true, read: false });
    expect(await box(a.operator.token, 'inbox')).toEqual([]);
    expect((await box(a.operator.token, 'archived')).map((item) => item._id)).toEqual([mail._id]);
    // Unread counts the inbox only: an archived unread mail does not light the badge.
    expect(await unread(a.operator.token)).toBe(0);
  });

  it('expands departments to their members and leaves the sender out', async () => {
    const created = await callRoute(departmentsHandler, createDepartment, {
      token: a.admin.token,
      body: { name: `Suporte ${newObjectId().slice(-6)}` },
    });
    expect(created.status).toBe(201);
    const department = (created.body as { _id: string })._id;
    for (const id of [a.manager.id, a.admin.id]) {
      const joined = await callRoute(employeesHandler, updateEmployee, {
        token: a.admin.token,
        params: { id },
        body: { departments: [department] },
      });
      expect(joined.status).toBe(200);
    }
    const before = await unread(a.manager.token);
    const sent = await send(a.admin.token, {
      departments: [department],
      subject: 'Reunião',
      body: 'Às 10h.',
    });
    expect(sent.status).toBe(201);
    expect((sent.body as TmailDetail).departments[0]?._id).toBe(department);
    expect(await unread(a.manager.token)).toBe(before + 1);
    expect((await box(a.admin.token, 'inbox')).map((item) => item.subject)).not.toContain('Reunião');
  });

  it('refuses no recipients, only oneself, and people or departments of another company', async () => {
    const none = await send(a.admin.token, { subject: 'x', body: 'y' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ field: 'employees' });
    const self = await send(a.admin.token, { employees: [a.admin.id], subject: 'x', body: 'y' });
    expect(self.body).toMatchObject({ field: 'employees', message: ptBR.tmail.onlySelf });
    const foreign = await send(a.admin.token, { employees: [b.operator.id], subject: 'x', body: 'y' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ field: 'employees', message: ptBR.tmail.unknownRecipient });
    const foreignDepartment = await send(a.admin.token, {
      departments: [newObjectId()],
      subject: 'x',
      body: 'y',
    });
    expect(foreignDepartment.body).toMatchObject({ field: 'departments' });
    const empty = await send(a.admin.token, { employees: [a.operator.id], subject: '  ', body: 'y' });
    expect(empty.body).toMatchObject({ field: 'subject' });
  });

  it('keeps every T-mail inside its company and its people', async () => {
    const sent = await send(a.admin.token, {
      employees: [a.operator.id],
      subject: 'Privado',
      body: 'só nós',
    });
    const id = (sent.body as TmailDetail)._id;
    for (const token of [b.admin.token, b.operator.token, a.manager.token]) {
      expect((await callRoute(handler, getTmail, { token, params: { id } })).status).toBe(404);
      expect(
        (await callRoute(handler, updateTmail, { token, params: { id }, body: { archived: true } })).status,
      ).toBe(404);
    }
    expect((await box(b.admin.token, 'sent')).map((item) => item.subject)).not.toContain('Privado');
    expect(await unread(b.operator.token)).toBe(0);
    expect(posted.some((entry) => entry.frame.data.company !== a.companyId)).toBe(false);
  });

  it('signs attachment uploads under the sender with a server-built key, and links them for readers', async () => {
    const big = await callRoute(handler, presignTmailAttachment, {
      token: a.admin.token,
      body: { file_name: 'video.mp4', mime_type: 'video/mp4', size: 16_000_000 },
    });
    expect(big.body).toMatchObject({ field: 'size', message: 'Você excedeu o limite máximo de 15MB' });
    const presigned = await callRoute(handler, presignTmailAttachment, {
      token: a.admin.token,
      body: { file_name: 'escala.pdf', mime_type: 'application/pdf', size: 2048 },
    });
    expect(presigned.status).toBe(200);
    const upload = presigned.body as { upload_id: string; fields: Record<string, string> };
    expect(upload.fields.key).toBe(`tmail/C/${a.companyId}/${a.admin.id}/${upload.upload_id}.pdf`);
    const sent = await send(a.admin.token, {
      employees: [a.operator.id],
      subject: 'Com anexo',
      body: 'Segue a escala.',
      attachments: [
        { upload_id: upload.upload_id, file_name: 'escala.pdf', mime_type: 'application/pdf', size: 2048 },
      ],
    });
    const id = (sent.body as TmailDetail)._id;
    const opened = (await callRoute(handler, getTmail, { token: a.operator.token, params: { id } }))
      .body as TmailDetail;
    expect(opened.attachments_count).toBe(1);
    expect(opened.attachments[0]?.url).toContain(
      `tmail/C/${a.companyId}/${a.admin.id}/${upload.upload_id}.pdf`,
    );
  });

  it('lets any role find colleagues to write to, never people of another company', async () => {
    const answer = await callRoute(handler, searchTmailPeople, {
      token: a.operator.token,
      query: { search: 'gest' },
    });
    const people = (answer.body as { people: { _id: string }[] }).people.map((person) => person._id);
    expect(people).toEqual([a.manager.id]);
    const all = await callRoute(handler, searchTmailPeople, { token: b.operator.token, query: {} });
    const theirs = (all.body as { people: { _id: string }[] }).people.map((person) => person._id);
    expect(theirs).toEqual(expect.arrayContaining([b.admin.id, b.manager.id]));
    expect(theirs).not.toContain(a.manager.id);
    expect(theirs).not.toContain(b.operator.id);
  });

  it('pages a box newest first with a cursor', async () => {
    for (const n of [1, 2, 3])
      await send(a.manager.token, { employees: [a.operator.id], subject: `Página ${n}`, body: 'x' });
    const first = await callRoute(handler, listTmails, {
      token: a.manager.token,
      query: { box: 'sent', limit: '2' },
    });
    const page = first.body as { items: TmailSummary[]; nextCursor?: string };
    expect(page.items.map((item) => item.subject)).toEqual(['Página 3', 'Página 2']);
    const second = await callRoute(handler, listTmails, {
      token: a.manager.token,
      query: { box: 'sent', limit: '2', cursor: page.nextCursor ?? '' },
    });
    expect((second.body as { items: TmailSummary[] }).items[0]?.subject).toBe('Página 1');
  });
});
