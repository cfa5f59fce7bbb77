import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { closeConversation } from '@atende/shared/contracts/conversations/close-conversation';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { findByProviderId } from './message-store.ts';
import type { ConversationRecord } from './records.ts';
import { createConversation, getConversation } from './store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from './test-inbox.ts';
import { syncConversationWallet } from './wallet-sync.ts';
import { customerEntity } from '../contacts/entities.ts';

beforeAll(async () => {
  await useTestTables();
});

async function write(inbox: Inbox, externalId: string): Promise<ConversationRecord> {
  const event = inboundText(inbox, { externalId });
  await deliverInbound(event);
  const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
  return (await getConversation(inbox.companyId, ref?.conversation as string)) as ConversationRecord;
}

/** Puts the customer item in a wallet the way the contacts' write does (the attribute only). */
const setCustomerWallet = (inbox: Inbox, customer: string, wallet: string | null) =>
  clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: customerEntity.key(inbox.companyId, customer),
      UpdateExpression: 'SET wallet = :wallet',
      ExpressionAttributeValues: { ':wallet': wallet },
    }),
  );

describe("the customer's wallet copied on conversations", () => {
  it('copies the current wallet onto every conversation the customer had, closed ones included', async () => {
    const inbox = await createInbox();
    const first = await write(inbox, 'sync-visitor');
    const closed = await callRoute(handler, closeConversation, {
      token: inbox.admin.token,
      params: { id: first._id },
      body: {},
    });
    expect(closed.status).toBe(200);
    const second = await write(inbox, 'sync-visitor');
    expect(second._id).not.toBe(first._id);
    expect(second.wallet).toBeNull();

    const wallet = newObjectId();
    await setCustomerWallet(inbox, first.customer._id, wallet);
    expect(await syncConversationWallet(inbox.companyId, first.customer._id)).toBe(2);
    expect((await getConversation(inbox.companyId, first._id))?.wallet).toBe(wallet);
    expect((await getConversation(inbox.companyId, second._id))?.wallet).toBe(wallet);

    await setCustomerWallet(inbox, first.customer._id, null);
    expect(await syncConversationWallet(inbox.companyId, first.customer._id)).toBe(2);
    expect((await getConversation(inbox.companyId, second._id))?.wallet).toBeNull();
  });

  it('refuses to create a conversation with a wallet the customer has left since it was read', async () => {
    const inbox = await createInbox();
    const existing = await write(inbox, 'stale-visitor');
    const wallet = newObjectId();
    await setCustomerWallet(inbox, existing.customer._id, wallet);
    const copy = (walletCopy: string | null): ConversationRecord => ({
      ...existing,
      _id: newObjectId(),
      status: 'closed',
      closed_at: existing.created_at,
      wallet: walletCopy,
    });
    expect(await createConversation(copy(null))).toBe(false);
    expect(await createConversation(copy(newObjectId()))).toBe(false);
    expect(await createConversation(copy(wallet))).toBe(true);
  });
});
