import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { closeConversation } from '@atende/shared/contracts/conversations/close-conversation';
import { listMessages } from '@atende/shared/contracts/conversations/list-messages';
import { transferConversation } from '@atende/shared/contracts/conversations/transfer-conversation';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { findByProviderId } from './message-store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText, setSettings } from './test-inbox.ts';

beforeAll(async () => {
  await useTestTables();
});

let visitors = 0;

async function arrive(inbox: Inbox): Promise<string> {
  const event = inboundText(inbox, { externalId: `system-visitor-${(visitors += 1)}` });
  await deliverInbound(event);
  const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
  return ref?.conversation as string;
}

/** The thread oldest first, as [sender, text, system?]. */
async function thread(inbox: Inbox, id: string) {
  const answer = await callRoute(handler, listMessages, { token: inbox.admin.token, params: { id } });
  expect(answer.status).toBe(200);
  return (answer.body as { items: MessageView[] }).items
    .toReversed()
    .map((message) => [message.sent_by, message.content, message.flags.includes('system')]);
}

/** Takes, transfers to the Vendas queue, takes again and closes; answers the conversation's protocol. */
async function serve(inbox: Inbox, id: string): Promise<string> {
  const taken = await callRoute(handler, assignConversation, { token: inbox.admin.token, params: { id } });
  expect(taken.status).toBe(200);
  const moved = await callRoute(handler, transferConversation, {
    token: inbox.admin.token,
    params: { id },
    body: { department: inbox.sales },
  });
  expect(moved.status).toBe(200);
  expect(
    (await callRoute(handler, assignConversation, { token: inbox.operator.token, params: { id } })).status,
  ).toBe(200);
  const closed = await callRoute(handler, closeConversation, {
    token: inbox.operator.token,
    params: { id },
    body: {},
  });
  expect(closed.status).toBe(200);
  return (closed.body as { protocol: string }).protocol;
}

describe('system messages in the thread', () => {
  it('shows the start, transfer and end of service when no "hide" setting is on', async () => {
    const inbox = await createInbox();
    const id = await arrive(inbox);
    const protocol = await serve(inbox, id);
    const messages = await thread(inbox, id);
    expect(messages.slice(1)).toEqual([
      ['bot', `Atendimento iniciado. Protocolo: ${protocol}`, true],
      ['bot', 'Você foi transferido para Vendas.', true],
      ['bot', `Atendimento iniciado. Protocolo: ${protocol}`, true],
      ['bot', `Atendimento encerrado. Protocolo: ${protocol}`, true],
    ]);
  });

  it('leaves out each kind its "hide" setting covers', async () => {
    const inbox = await createInbox();
    await setSettings(inbox.companyId, {
      hiddenSystemMessages: { startEnd: true, waiting: false, queuePosition: false, transfer: false },
    });
    const id = await arrive(inbox);
    await serve(inbox, id);
    expect((await thread(inbox, id)).slice(1)).toEqual([['bot', 'Você foi transferido para Vendas.', true]]);

    await setSettings(inbox.companyId, {
      hiddenSystemMessages: { startEnd: true, waiting: false, queuePosition: false, transfer: true },
    });
    const quiet = await arrive(inbox);
    await serve(inbox, quiet);
    expect(await thread(inbox, quiet)).toHaveLength(1);
  });
});
