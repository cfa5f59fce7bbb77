import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { createFlow } from '@atende/shared/contracts/flows/create-flow';
import type { FlowGraph } from '@atende/shared/contracts/flows/graph';
import { publishFlow } from '@atende/shared/contracts/flows/publish-flow';
import { saveFlowDraft } from '@atende/shared/contracts/flows/save-flow-draft';
import type { FlowDetail } from '@atende/shared/contracts/flows/views';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as conversationsHandler } from '../conversations/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { getConversation } from '../conversations/store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { replaceChannelSender } from '../outbound/senders.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { flowKeys } from './keys.ts';
import { relinkChannel } from './store.ts';
import { resumeDueWaits } from './wait-resume.ts';

let inbox: Inbox;
const sent: { to: string; text: string }[] = [];
const at = { x: 0, y: 0 };

const waitingFlow = (inbox: Inbox): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: at, data: {} },
    { id: 'hold', type: 'message', position: at, data: { text: 'Um momento, já volto.' } },
    { id: 'wait', type: 'wait', position: at, data: { minutes: 5 } },
    { id: 'back', type: 'message', position: at, data: { text: 'Voltei, {{customer_first_name}}.' } },
    { id: 'queue', type: 'handoff', position: at, data: { department: inbox.sales, employee: null } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'hold' },
    { id: 'e2', source: 'hold', target: 'wait' },
    { id: 'e3', source: 'wait', target: 'back' },
    { id: 'e4', source: 'back', target: 'queue' },
  ],
});

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
  replaceChannelSender('widget', async (message) => {
    // The take's start notice is system-messages.test.ts's subject; this one follows the flow's own texts.
    if (!message.flags.includes('system')) sent.push({ to: message.conversation, text: message.content });
    return { providerMessageId: `widget-out-${message._id}` };
  });
  const created = await callRoute(handler, createFlow, {
    token: inbox.admin.token,
    body: { name: 'Espera' },
  });
  const flowId = (created.body as FlowDetail)._id;
  await callRoute(handler, saveFlowDraft, {
    token: inbox.admin.token,
    params: { id: flowId },
    body: waitingFlow(inbox),
  });
  expect(
    (await callRoute(handler, publishFlow, { token: inbox.admin.token, params: { id: flowId } })).status,
  ).toBe(201);
  expect(await relinkChannel(inbox.companyId, inbox.widget, undefined, flowId)).toEqual([]);
});

describe('flow wait nodes', () => {
  it('resume through the schedule once their minutes pass, exactly once', async () => {
    const event = inboundText(inbox, { externalId: 'wait-visitor', text: 'Oi' });
    expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
    const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
    const conversationId = ref?.conversation ?? '';
    const texts = () => sent.filter((item) => item.to === conversationId).map((item) => item.text);
    expect(texts()).toEqual(['Um momento, já volto.']);

    // Before its time nothing moves, and a message meanwhile does not cut the wait short.
    expect(await resumeDueWaits(new Date(Date.now() + 4 * 60_000))).toEqual({ resumed: 0 });
    expect(await deliverInbound(inboundText(inbox, { externalId: 'wait-visitor', text: 'Alô?' }))).toEqual({
      batchItemFailures: [],
    });
    expect(texts()).toEqual(['Um momento, já volto.']);

    const later = new Date(Date.now() + 6 * 60_000);
    expect(await resumeDueWaits(later)).toEqual({ resumed: 1 });
    expect(await resumeDueWaits(later)).toEqual({ resumed: 0 });
    expect(texts().slice(0, 2)).toEqual(['Um momento, já volto.', 'Voltei, Maria.']);
    expect(texts().filter((text) => text.startsWith('Voltei'))).toHaveLength(1);
    expect(await getConversation(inbox.companyId, conversationId)).toMatchObject({
      status: 'queue',
      department: inbox.sales,
    });
  });

  it('drops the wait of a conversation an operator took, sending nothing', async () => {
    const event = inboundText(inbox, { externalId: 'taken-visitor', text: 'Oi' });
    expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
    const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
    const conversationId = ref?.conversation ?? '';
    const taken = await callRoute(conversationsHandler, assignConversation, {
      token: inbox.admin.token,
      params: { id: conversationId },
    });
    expect(taken.status).toBe(200);
    expect(await resumeDueWaits(new Date(Date.now() + 6 * 60_000))).toEqual({ resumed: 0 });
    expect(sent.filter((item) => item.to === conversationId).map((item) => item.text)).toEqual([
      'Um momento, já volto.',
    ]);
    const { Item } = await clients().document.send(
      new GetCommand({
        TableName: config().mainTable,
        Key: flowKeys.session(inbox.companyId, conversationId),
      }),
    );
    expect(Item).toBeDefined();
    expect(Item?.gsi3pk).toBeUndefined();
  });
});
