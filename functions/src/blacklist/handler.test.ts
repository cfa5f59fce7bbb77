import { addToBlacklist } from '@atende/shared/contracts/blacklist/add-to-blacklist';
import { listBlacklist } from '@atende/shared/contracts/blacklist/list-blacklist';
import { removeFromBlacklist } from '@atende/shared/contracts/blacklist/remove-from-blacklist';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { setCompany } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { handleInboundMessage } from '../conversations/engine.ts';
import { createInbox, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let inbox: Inbox;
let other: Inbox;

beforeAll(async () => {
  await useTestTables();
  [inbox, other] = await Promise.all([createInbox(), createInbox()]);
});

const whatsappFrom = (number: string) =>
  inboundText(
    { companyId: inbox.companyId, widget: inbox.official },
    { channel: 'official', externalId: number, text: 'Oi' },
  );

describe('blacklist', () => {
  it("drops a blocked contact's messages (no conversation) until unblocked", async () => {
    const contact = (
      await callRoute(contactsHandler, createContact, {
        token: inbox.admin.token,
        body: { full_name: 'Bloqueado', cel_phone: '85 94444-3333' },
      })
    ).body as ContactView;
    const added = await callRoute(handler, addToBlacklist, {
      token: inbox.admin.token,
      body: { customer: contact._id },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      customer: contact._id,
      full_name: 'Bloqueado',
      blocked_by: inbox.admin.id,
    });
    const list = (await callRoute(handler, listBlacklist, { token: inbox.admin.token })).body as {
      blacklist: unknown[];
    };
    expect(list.blacklist).toHaveLength(1);
    expect(await handleInboundMessage(whatsappFrom('5585944443333'))).toBe('ignored');
    expect(
      (
        await callRoute(handler, addToBlacklist, {
          token: inbox.admin.token,
          body: { customer: contact._id },
        })
      ).status,
    ).toBe(409);
    const removed = await callRoute(handler, removeFromBlacklist, {
      token: inbox.admin.token,
      params: { customerId: contact._id },
    });
    expect(removed.body).toEqual({ removed: contact._id });
    expect(await handleInboundMessage(whatsappFrom('5585944443333'))).toBe('stored');
  });

  it('lists a customer the inbox created among the contacts', async () => {
    await handleInboundMessage(
      inboundText(inbox, {
        externalId: 'visitante-lista',
        from: { externalId: 'visitante-lista', name: 'Visitante Único' },
      }),
    );
    const found = await callRoute(contactsHandler, listContacts, {
      token: inbox.admin.token,
      query: { search: 'visitante unico' },
    });
    expect((found.body as { contacts: ContactView[] }).contacts.map((c) => c.full_name)).toEqual([
      'Visitante Único',
    ]);
  });

  it('is for admins of advanced or professional plans, within their company', async () => {
    const contact = (
      await callRoute(contactsHandler, createContact, {
        token: inbox.admin.token,
        body: { full_name: 'Alvo' },
      })
    ).body as ContactView;
    const add = (token: string) =>
      callRoute(handler, addToBlacklist, { token, body: { customer: contact._id } });
    expect((await add(inbox.manager.token)).status).toBe(403);
    expect((await add(other.admin.token)).status).toBe(404);
    await setCompany(inbox.companyId, { account_type: 'essential' });
    expect((await add(inbox.admin.token)).status).toBe(403);
    await setCompany(inbox.companyId, { account_type: 'professional' });
  });
});
