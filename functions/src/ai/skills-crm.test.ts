import type { AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import { createAssistant } from '@atende/shared/contracts/ai/routes';
import type { ActivityView } from '@atende/shared/contracts/pipelines/activity-views';
import type { DealView } from '@atende/shared/contracts/pipelines/deal-views';
import { listActivities, listDeals } from '@atende/shared/contracts/pipelines/routes';
import type { PipelineView } from '@atende/shared/contracts/pipelines/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { getConversation } from '../conversations/store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { replaceChannelSender } from '../outbound/senders.ts';
import { call, salesFunnel } from '../pipelines/test-funnel.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { assistantReply } from './assistant-step.ts';
import { handler } from './handler.ts';
import { startTestModel } from './test-model.ts';
import { plugTestModel } from './test-setup.ts';

let inbox: Inbox;
let other: Inbox;
let pipeline: PipelineView;
let theirs: PipelineView;
let assistant: AssistantView;
let model: Awaited<ReturnType<typeof startTestModel>>;
const names = ptBR.ai.screens.skillNames;

const crmSkills = (tenant: Inbox, pipelineId: string, employee: string) => [
  { kind: 'create_deal', pipeline: pipelineId, owner: employee },
  { kind: 'schedule_activity', assignee: employee, activity_type: 'meeting' },
];

beforeAll(async () => {
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  await useTestTables();
  model = await startTestModel();
  [inbox, other] = await Promise.all([createInbox(), createInbox()]);
  replaceChannelSender('widget', async (message) => ({ providerMessageId: `widget-out-${message._id}` }));
  await plugTestModel(inbox, model.url);
  [pipeline, theirs] = await Promise.all([salesFunnel(inbox.admin), salesFunnel(other.admin)]);
  const created = await callRoute(handler, createAssistant, {
    token: inbox.admin.token,
    body: {
      name: 'Vendas',
      channels: [inbox.widget],
      skills: [{ kind: 'handoff' }, ...crmSkills(inbox, pipeline._id, inbox.operator.id)],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  assistant = created.body as AssistantView;
});
afterAll(() => model.close());

async function say(externalId: string, text: string) {
  const event = inboundText(inbox, { externalId, text });
  expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
  const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
  const conversation = await getConversation(inbox.companyId, ref?.conversation ?? '');
  if (!conversation) throw new Error('no conversation');
  return { conversation, messageId: event.providerMessageId };
}

describe('CRM skills of an assistant', () => {
  it('refuses another company’s pipeline or employee when the assistant is saved', async () => {
    const save = (skills: unknown[]) =>
      callRoute(handler, createAssistant, { token: inbox.admin.token, body: { name: 'X', skills } });
    const foreignPipeline = await save(crmSkills(inbox, theirs._id, inbox.operator.id).slice(0, 1));
    expect(foreignPipeline.status).toBe(400);
    expect(JSON.stringify(foreignPipeline.body)).toContain(ptBR.ai.skillErrors.pipelineNotFound);
    const foreignEmployee = await save(crmSkills(inbox, pipeline._id, other.admin.id).slice(1));
    expect(foreignEmployee.status).toBe(400);
    expect(JSON.stringify(foreignEmployee.body)).toContain(ptBR.ai.skillErrors.employeeNotFound);
  });

  it('creates a deal for the conversation’s customer in the first stage, once per message, shown to operators', async () => {
    const { conversation, messageId } = await say(
      'crm-deal',
      'Quero comprar duas cadeiras, orçamento de 300 reais',
    );
    const deals = async () =>
      (
        await call<{ deals: DealView[] }>(listDeals, inbox.admin, {
          query: { pipeline: pipeline._id, customer: conversation.customer._id },
        })
      ).deals;
    const [deal, ...rest] = await deals();
    expect(rest).toEqual([]);
    expect(deal).toMatchObject({
      title: 'Quero comprar duas cadeiras, orçamento de 300 reais',
      value: 300,
      stage: pipeline.stages[0]?._id,
      owner: inbox.operator.id,
      conversation: conversation._id,
      status: 'open',
    });
    // The same message answered again (a redelivery) creates nothing more, and still reports the action.
    const again = await assistantReply(
      inbox.companyId,
      assistant._id,
      'Quero comprar duas cadeiras, orçamento de 300 reais',
      conversation,
      messageId,
    );
    expect(await deals()).toHaveLength(1);
    expect(again.reply.actions.join('\n')).toContain(names.create_deal);
  });

  it('schedules an activity for the chosen employee about this customer', async () => {
    const { conversation } = await say('crm-activity', 'Pode agendar uma reunião amanhã às 15h?');
    const { activities } = await call<{ activities: ActivityView[] }>(listActivities, inbox.admin, {
      query: { customer: conversation.customer._id },
    });
    expect(activities).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(activities[0]).toMatchObject({
      title: 'Pode agendar uma reunião amanhã às 15h?',
      type: 'meeting',
      assignee: inbox.operator.id,
      conversation: conversation._id,
      due_at: `${tomorrow}T18:00:00.000Z`,
      created_by: null,
    });
    expect(
      (await call<{ activities: ActivityView[] }>(listActivities, other.admin, { query: {} })).activities,
    ).toEqual([]);
    // Without a conversation (a preview) there is no customer: nothing is scheduled, and operators read why.
    const reply = await assistantReply(
      inbox.companyId,
      assistant._id,
      'Pode agendar uma reunião amanhã às 15h?',
    );
    expect(reply.reply.actions.join('\n')).toContain(ptBR.ai.skillErrors.noContact);
    const after = await call<{ activities: ActivityView[] }>(listActivities, inbox.admin, {
      query: { assignee: inbox.operator.id },
    });
    expect(after.activities).toHaveLength(1);
  });
});
