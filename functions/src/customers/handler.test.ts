import { migrateChannel } from '@atende/shared/contracts/customers/migrate-channel';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createInbox, type Inbox } from '../conversations/test-inbox.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { findOrCreateCustomer, getCustomer } from '../contacts/customer-record.ts';

let inbox: Inbox;

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
});

const visitor = (externalId: string) =>
  findOrCreateCustomer(
    inbox.companyId,
    { channel: 'widget', integrationId: inbox.widget, externalId, name: 'Visitante' },
    new Date(),
  );

const body = (customerId: string, extra: Record<string, unknown> = {}) => ({
  employee: inbox.operator.id,
  companyId: inbox.companyId,
  company: inbox.companyId,
  customerId,
  channel: 'whatsapp',
  cel_phone: '+55 85 98888-7777',
  whatsapp_integration: inbox.whatsapp,
  confirmed: true,
  ...extra,
});

describe('migrate a contact to WhatsApp', () => {
  it("answers the spec's messages for a missing confirmation, integration or phone", async () => {
    const customer = await visitor('migrating-1');
    const call = (extra: Record<string, unknown>) =>
      callRoute(handler, migrateChannel, { token: inbox.operator.token, body: body(customer._id, extra) });
    expect((await call({ confirmed: false })).body).toMatchObject({
      message: 'Não foi possível realizar o processo, confirmação não aceita.',
    });
    expect((await call({ whatsapp_integration: undefined })).body).toMatchObject({
      message: 'Não foi possível realizar o processo, não há integração definida para o contato.',
    });
    expect((await call({ cel_phone: '' })).body).toMatchObject({
      message: 'Não foi possível realizar o processo, não há número de contato definido.',
    });
  });

  it('moves the customer to WhatsApp, and refuses a number another contact holds with a message', async () => {
    const first = await visitor('migrating-2');
    const migrated = await callRoute(handler, migrateChannel, {
      token: inbox.operator.token,
      body: body(first._id),
    });
    expect(migrated.status).toBe(200);
    expect(await getCustomer(inbox.companyId, first._id)).toMatchObject({
      channel: 'whatsapp',
      cel_phone: '+55 85 98888-7777',
      channel_metadata: { integration: inbox.whatsapp },
    });
    const second = await visitor('migrating-3');
    const duplicate = await callRoute(handler, migrateChannel, {
      token: inbox.operator.token,
      body: body(second._id),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: expect.any(String) });
    const again = await callRoute(handler, migrateChannel, {
      token: inbox.operator.token,
      body: body(first._id),
    });
    expect(again.status).toBe(409);
  });

  it('refuses another company', async () => {
    const customer = await visitor('migrating-4');
    const response = await callRoute(handler, migrateChannel, {
      token: inbox.operator.token,
      body: body(customer._id, { companyId: newObjectId() }),
    });
    expect(response.status).toBe(403);
  });
});
