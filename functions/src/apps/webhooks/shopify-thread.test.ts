import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, type Tenant } from '../../company/test-tenant.ts';
import { getConversation, createConversation } from '../../conversations/store.ts';
import { getCustomer } from '../../contacts/customer-record.ts';
import { sealCredentials } from '../../integrations/crypto.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import type { AppRecord } from '../records.ts';
import {
  recordShopifySend,
  SHOPIFY_CLOSE_REASON,
  settleShopifySend,
  type ShopifyThreadSend,
} from './shopify-thread.ts';

vi.mock('../../realtime/publish.ts', () => ({
  publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })),
}));

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.ENCRYPTION_KEY ??= 'apps-test-encryption-passphrase';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const shop = (tenant: Tenant): AppRecord => {
  const _id = newObjectId();
  return {
    _id,
    company: tenant.companyId,
    name: 'shopify',
    installed_at: new Date().toISOString(),
    installed_by: newObjectId(),
    settings: {},
    credentials_set: [],
    credentials: sealCredentials({}, _id),
  };
};

const integrationId = newObjectId();
const send = (app: AppRecord, claim: string, content = 'Olá Ana, pedido #7 pago.'): ShopifyThreadSend => ({
  app,
  integrationId,
  phone: '+5585977776666',
  customerName: 'Ana Lima',
  content,
  template: 'pedido_pago',
  claim,
  event: 'order_paid',
  order: '#7',
});

describe('Shopify sends in the customer conversation', () => {
  it('records the send once per webhook: a failed send is retried on the same message, a sent one is not sent again', async () => {
    const app = shop(a);
    const first = await recordShopifySend(send(app, 'shopify#wh-1#0'));
    expect(first.alreadySent).toBe(false);
    expect(first.conversation).toMatchObject({ status: 'closed', close_reason: SHOPIFY_CLOSE_REASON });
    expect(first.message).toMatchObject({
      status: 'pending',
      sent_by: 'bot',
      direction: 'outbound',
      content: 'Olá Ana, pedido #7 pago.',
      flags: ['template', 'shopify'],
    });
    const customer = await getCustomer(a.companyId, first.conversation.customer._id);
    expect(customer).toMatchObject({ full_name: 'Ana Lima', cel_phone: '+5585977776666' });
    // A closed record does not hold the customer: their reply opens a conversation as usual.
    expect(customer?.open_conversation).toBeUndefined();

    await settleShopifySend(first, { error: { code: 'rate_limited', message: 'try later' } });
    const retried = await recordShopifySend(send(app, 'shopify#wh-1#0'));
    expect(retried.alreadySent).toBe(false);
    expect(retried.message._id).toBe(first.message._id);
    expect(retried.message.status).toBe('pending');
    await settleShopifySend(retried, { providerMessageId: 'wamid.777' });

    const again = await recordShopifySend(send(app, 'shopify#wh-1#0'));
    expect(again.alreadySent).toBe(true);
    expect(again.message).toMatchObject({
      _id: first.message._id,
      status: 'sent',
      provider_message_id: 'wamid.777',
    });
    expect((await getConversation(a.companyId, first.conversation._id))?.message_seq).toBe(1);
  });

  it("appends to the customer's open conversation instead of opening another", async () => {
    const app = shop(a);
    const earlier = await recordShopifySend(send(app, 'shopify#wh-2#0'));
    const now = new Date().toISOString();
    const open = {
      ...earlier.conversation,
      _id: newObjectId(),
      status: 'queue' as const,
      closed_at: null,
      close_reason: null,
      queued_at: now,
      message_seq: 0,
      last_message: null,
    };
    expect(await createConversation(open)).toBe(true);
    const next = await recordShopifySend(send(app, 'shopify#wh-3#0', 'Pedido #7 enviado.'));
    expect(next.conversation._id).toBe(open._id);
    expect(next.message).toMatchObject({ content: 'Pedido #7 enviado.', sequence: 1 });
    expect((await getConversation(a.companyId, open._id))?.last_message).toMatchObject({
      content: 'Pedido #7 enviado.',
      sent_by: 'bot',
    });
  });

  it("keeps each company's customers apart", async () => {
    const inB = await recordShopifySend(send(shop(b), 'shopify#wh-1#0'));
    expect(inB.alreadySent).toBe(false);
    expect(inB.conversation.company).toBe(b.companyId);
    expect(await getCustomer(a.companyId, inB.conversation.customer._id)).toBeUndefined();
  });
});
