import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { closeConversation } from '@atende/shared/contracts/conversations/close-conversation';
import { createFlow } from '@atende/shared/contracts/flows/create-flow';
import { publishFlow } from '@atende/shared/contracts/flows/publish-flow';
import { saveFlowDraft } from '@atende/shared/contracts/flows/save-flow-draft';
import type { FlowDetail } from '@atende/shared/contracts/flows/views';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { getCustomer } from '../contacts/customer-record.ts';
import { handler as flowsHandler } from '../flows/handler.ts';
import { menuFlow } from '../flows/test-flows.ts';
import { replaceChannelSender } from '../outbound/senders.ts';
import { domainEventDrain } from '../testing/events.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { findByProviderId } from './message-store.ts';
import { getConversation } from './store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText, setSettings } from './test-inbox.ts';

/** The question is a reaction to conversation.closed. */
const drainEvents = domainEventDrain();
const sent: { to: string; text: string }[] = [];
let inbox: Inbox;
let gradeOneFlow: string;

const QUESTION = 'Como você avalia este atendimento? Responda com uma nota de 1 a 5.';
const THANKS = 'Obrigado pela sua avaliação!';

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
  replaceChannelSender('widget', async (message: MessageView) => {
    // Start and end notices are system-messages.test.ts's subject; this one follows the evaluation's texts.
    if (!/^Atendimento (iniciado|encerrado)\. /.test(message.content))
      sent.push({ to: message.conversation, text: message.content });
    return { providerMessageId: `widget-out-${message._id}` };
  });
  const created = await callRoute(flowsHandler, createFlow, {
    token: inbox.admin.token,
    body: { name: 'Recuperação' },
  });
  gradeOneFlow = (created.body as FlowDetail)._id;
  await callRoute(flowsHandler, saveFlowDraft, {
    token: inbox.admin.token,
    params: { id: gradeOneFlow },
    body: menuFlow(inbox, 'Sentimos muito. Quer falar com:'),
  });
  await callRoute(flowsHandler, publishFlow, { token: inbox.admin.token, params: { id: gradeOneFlow } });
  await setSettings(inbox.companyId, {
    serviceEvaluation: { enabled: true, expiryMinutes: 60, flowByGrade: { 1: gradeOneFlow }, message: '' },
  });
  await drainEvents();
});

beforeEach(() => {
  sent.length = 0;
});

const textsTo = (conversationId: string) =>
  sent.filter((item) => item.to === conversationId).map((item) => item.text);

async function say(externalId: string, text: string, providerMessageId?: string) {
  const event = inboundText(inbox, { externalId, text, ...(providerMessageId ? { providerMessageId } : {}) });
  expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
  const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
  return ref?.conversation ?? '';
}

/** A customer is served and the operator closes; the close's event asks for the grade. */
async function servedAndClosed(externalId: string): Promise<string> {
  const id = await say(externalId, 'Oi, preciso de ajuda');
  expect(
    (await callRoute(handler, assignConversation, { token: inbox.operator.token, params: { id } })).status,
  ).toBe(200);
  const closed = await callRoute(handler, closeConversation, {
    token: inbox.operator.token,
    params: { id },
    body: {},
  });
  expect(closed.status).toBe(200);
  await drainEvents();
  return id;
}

describe('service evaluation', () => {
  it('asks on close, stores the grade in the closed conversation once, and thanks', async () => {
    const id = await servedAndClosed('eval-five');
    expect(textsTo(id)).toEqual([QUESTION]);
    const answer = `grade-${Date.now()}`;
    expect(await say('eval-five', '5', answer)).toBe(id);
    expect(await say('eval-five', '5', answer)).toBe(id);
    await drainEvents();
    const conversation = await getConversation(inbox.companyId, id);
    expect(conversation).toMatchObject({ status: 'closed', evaluation: { grade: 5 } });
    expect(textsTo(id)).toEqual([QUESTION, THANKS]);
    // The grade opened nothing: the customer has no open conversation.
    const customer = await getCustomer(inbox.companyId, conversation?.customer._id ?? '');
    expect(customer?.open_conversation ?? null).not.toBe(id);
    // A later message is a new conversation, not a second grade.
    const next = await say('eval-five', '4');
    expect(next).not.toBe(id);
    expect((await getConversation(inbox.companyId, id))?.evaluation?.grade).toBe(5);
  });

  it("runs the grade's flow in a new conversation with the bot", async () => {
    const id = await servedAndClosed('eval-one');
    const next = await say('eval-one', '⭐');
    expect(next).toBe(id);
    const flowConversation = sent.find((item) => item.text.startsWith('Sentimos muito'))?.to ?? '';
    expect(flowConversation).not.toBe('');
    expect(flowConversation).not.toBe(id);
    expect(await getConversation(inbox.companyId, flowConversation)).toMatchObject({ status: 'bot' });
    expect((await getConversation(inbox.companyId, id))?.evaluation?.grade).toBe(1);
  });

  it('lets the question lapse when the customer writes something else', async () => {
    const id = await servedAndClosed('eval-other');
    const next = await say('eval-other', 'Esqueci de perguntar o prazo');
    expect(next).not.toBe(id);
    expect((await getConversation(inbox.companyId, id))?.evaluation ?? null).toBeNull();
    expect(await say('eval-other', '5')).toBe(next);
  });

  it('asks nothing when the company does not evaluate, or when no one served the conversation', async () => {
    await setSettings(inbox.companyId, {});
    const id = await servedAndClosed('eval-off');
    expect(textsTo(id)).toEqual([]);
    await setSettings(inbox.companyId, {
      serviceEvaluation: {
        enabled: true,
        expiryMinutes: 60,
        flowByGrade: {},
        message: 'Dê uma nota de 1 a 5',
      },
    });
    const queued = await say('eval-queue', 'Oi');
    const closed = await callRoute(handler, closeConversation, {
      token: inbox.admin.token,
      params: { id: queued },
      body: {},
    });
    expect(closed.status).toBe(200);
    await drainEvents();
    expect(textsTo(queued)).toEqual([]);
    const served = await servedAndClosed('eval-custom');
    expect(textsTo(served)).toEqual(['Dê uma nota de 1 a 5']);
  });
});
