import { readCompanySettings } from '@atende/shared/contracts/company/settings';
import type { InboundMessage } from '@atende/shared/channels/inbound';
import { CONTACT_FIELDS } from '@atende/shared/contracts/flows/graph';
import { readContact, writeContact } from '../contacts/store.ts';
import { SETTINGS_ATTRIBUTE } from '../company/settings-reader.ts';
import type { CompanyItem } from '../company/store.ts';
import type { IntegrationInfo } from '../conversations/integrations.ts';
import { isWithinOfficeHours, timezoneOf } from '../conversations/queue-rules.ts';
import type { ConversationRecord } from '../conversations/records.ts';
import { getConversation } from '../conversations/store.ts';
import { config } from '../lib/config.ts';
import { assistantForChannel } from '../ai/assistants.ts';
import { campaignReplyFlow } from '../campaigns/inbound.ts';
import { assistantFlowId, assistantOfFlow } from '../ai/responder.ts';
import { logger } from '../lib/logger.ts';
import { safeFetch } from '../lib/safe-fetch.ts';
import { conversationVariables } from '../variables/conversation-lookup.ts';
import { runCommand } from './commands.ts';
import { loadPublished } from './runtime/published.ts';
import { advance, type BotContext, type BotEffects, type BotOutput } from './runtime/interpreter.ts';
import { type Outbox, perform } from './runtime/outbox.ts';
import { readSession, type StoredSession, writeSession } from './runtime/session-store.ts';
import { DEPARTMENTS_MENU, departmentsMenuGraph } from './runtime/departments-menu.ts';
import { getChannelLink, getFlowRecord, getVersionGraph } from './store.ts';

/**
 * What answers new conversations on this channel: its attached, published flow; else the AI assistant attached
 * to it; else, with the departments menu on (department_mode), the built-in departments menu; else nothing
 * (the queue).
 */
export async function channelFlow(companyId: string, company: CompanyItem, integrationId: string) {
  const link = await getChannelLink(companyId, integrationId);
  const flow = link ? await getFlowRecord(companyId, link.flow) : undefined;
  if (flow?.published_version) return { flow: flow._id, version: flow.published_version };
  const assistant = await assistantForChannel(companyId, integrationId);
  if (assistant) return { flow: assistantFlowId(assistant._id), version: 1 };
  return departmentsMenuGraph(company) ? { flow: DEPARTMENTS_MENU, version: 1 } : undefined;
}

/**
 * A reply to a campaign whose replies go to a flow starts in that flow (its published version) instead of the
 * channel's.
 */
async function campaignFlow(conversation: ConversationRecord) {
  if (conversation.origin?.type !== 'campaign') return undefined;
  const flowId = await campaignReplyFlow(conversation.company, conversation.origin.campaign);
  const flow = flowId ? await getFlowRecord(conversation.company, flowId) : undefined;
  return flow?.published_version ? { flow: flow._id, version: flow.published_version } : undefined;
}

/** Whether a conversation opening on this channel starts with the bot (status `bot`) instead of the queue. */
export const startsInBot = async (companyId: string, company: CompanyItem, integrationId: string) =>
  (await channelFlow(companyId, company, integrationId)) !== undefined;

const allowLocal = () => ['local', 'test'].includes(config().stage);

/**
 * The AI assistant's part in a turn answering a customer message (ai/bot-assistant.ts): a flow's ai_assistant
 * node (`step`) and a channel's assistant replying (`answer`, the outputs to perform). The inbound path passes
 * it in; a turn without a customer message (a wait resumed, a flow started) never asks an assistant, so the
 * Lambdas running only those do not carry the model client and the knowledge search (issue 11's bundle budget).
 */
export interface BotAssistant {
  step: (
    companyId: string,
    assistantId: string,
    text: string,
    conversation: ConversationRecord,
    messageId: string | undefined,
  ) => ReturnType<BotEffects['assistant']>;
  answer: (
    companyId: string,
    assistantId: string,
    text: string,
    conversation: ConversationRecord,
    messageId: string,
  ) => Promise<BotOutput[]>;
}

const withoutAssistant = (): never => {
  throw new Error('a bot turn without a customer message asked an AI assistant');
};

/**
 * The bot's hands on the contact and the outside world, for a real conversation; `messageId` is the customer
 * message the turn answers (an assistant's skills act once per message).
 */
function liveEffects(
  company: CompanyItem,
  conversation: ConversationRecord,
  messageId?: string,
  assistant?: BotAssistant,
): BotEffects {
  const settings = readCompanySettings(company[SETTINGS_ATTRIBUTE]);
  const change = async (edit: (tags: string[], fields: Record<string, string | number | null>) => object) => {
    const before = await readContact(conversation.company, conversation.customer._id);
    if (!before) return;
    const after = {
      ...before,
      ...edit([...before.tags], { ...before.custom_fields }),
      updated_at: new Date().toISOString(),
    };
    await writeContact(before, after, { actor: null });
  };
  return {
    loadFlow: (flowId) => loadPublished(conversation.company, flowId),
    http: async (call) => {
      const response = await safeFetch(call, { allowLocal: allowLocal() });
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {
        json = undefined;
      }
      return { ok: response.status >= 200 && response.status < 300, json };
    },
    updateContact: async (field, value) => {
      if (field.startsWith('custom.')) {
        await change((_, fields) => ({
          custom_fields: { ...fields, [field.slice('custom.'.length)]: value },
        }));
      } else if ((CONTACT_FIELDS as readonly string[]).includes(field) && settings.flow.updateDefaultFields) {
        // Default fields change only when the company lets flows update them (settings, "Fluxos").
        await change(() => ({ [field]: value }));
      }
    },
    tag: (action, tagId) =>
      change((tags) => ({
        tags: action === 'add' ? [...new Set([...tags, tagId])] : tags.filter((tag) => tag !== tagId),
      })),
    assistant: (assistantId, text) =>
      assistant
        ? assistant.step(conversation.company, assistantId, text, conversation, messageId)
        : withoutAssistant(),
  };
}

async function contextFor(
  company: CompanyItem,
  conversation: ConversationRecord,
  graph: BotContext['graph'],
  chatbotName: string,
  messageId?: string,
  assistant?: BotAssistant,
): Promise<BotContext> {
  const { settings, contact, lookup } = await conversationVariables(company, conversation, {
    chatbotName,
  });
  const invalid = settings.invalidResponses;
  return {
    graph,
    lookup,
    tags: contact?.tags ?? [],
    withinOfficeHours: isWithinOfficeHours(settings, new Date(), timezoneOf(company)),
    invalidLimit: invalid.enabled ? { limit: invalid.limit, outcome: invalid.outcome } : undefined,
    effects: liveEffects(company, conversation, messageId, assistant),
  };
}

/**
 * The conversation's bot starts over in a published flow (pinned to its current version), keeping the
 * variables it collected: #go_to_flow, and the flow a service evaluation grade runs. Written over the
 * revision read, like any turn.
 */
export async function startFlow(
  box: Outbox,
  current: StoredSession | undefined,
  flowId: string,
  handledId: string | undefined,
): Promise<void> {
  const { conversation } = box;
  const target = await loadPublished(conversation.company, flowId);
  if (!target) return;
  const session: StoredSession = {
    company: conversation.company,
    conversation: conversation._id,
    flow: flowId,
    version: target.version,
    node: null,
    variables: current?.variables ?? {},
    invalid: 0,
    resume_at: null,
    done: false,
    rev: current?.rev ?? 0,
    handled: current?.handled ?? [],
  };
  const ctx = await contextFor(box.company, conversation, target.graph, target.name);
  const result = await advance(ctx, session, undefined);
  const written = await writeSession({ ...session, ...result.session }, handledId);
  if (!written) throw new Error(`bot session of ${conversation._id} moved during #go_to_flow`);
  await perform(box, result.outputs);
}

export interface BotTurn {
  companyId: string;
  company: CompanyItem;
  integration: IntegrationInfo;
  conversationId: string;
  /**
   * The conversation as the caller's own write just left it (the engine's append answers it), saving a read;
   * absent, it is read. Either way an operator's take racing the turn is caught by the session's revision.
   */
  conversation?: ConversationRecord;
  /** The customer's message that triggered the turn; absent when a wait resumes. */
  message?: Pick<InboundMessage, 'providerMessageId' | 'text'> & { buttonId?: string };
  /** How an AI assistant answers the message; needed only with one. */
  assistant?: BotAssistant;
}

/**
 * One turn of a conversation's bot, at most once per customer message: the session remembers the provider
 * ids it answered and moves only from the revision it read (a lost race throws, and the queue's redelivery
 * finds the message answered). A conversation an operator took (no longer `bot`) is left alone. The first
 * turn pins the channel's published version for the whole conversation.
 */
export async function runBotTurn(turn: BotTurn): Promise<void> {
  const conversation =
    turn.conversation?._id === turn.conversationId
      ? turn.conversation
      : await getConversation(turn.companyId, turn.conversationId);
  if (!conversation || conversation.status === 'closed') return;
  const box = { company: turn.company, integration: turn.integration, conversation };
  let session: StoredSession | undefined =
    conversation.status === 'bot' ? await readSession(turn.companyId, conversation._id) : undefined;
  if (turn.message && session?.handled.includes(turn.message.providerMessageId)) return;
  const command = turn.message ? await runCommand(box, turn.companyId, turn.message.text) : false;
  if (typeof command === 'object') {
    await startFlow(box, session, command.goToFlow, turn.message?.providerMessageId);
    return;
  }
  if (command) {
    if (session) await writeSession(session, turn.message?.providerMessageId);
    return;
  }
  if (conversation.status !== 'bot') return;
  const isNew = !session;
  if (!session) {
    const pinned =
      (await campaignFlow(conversation)) ??
      (await channelFlow(turn.companyId, turn.company, conversation.integration));
    if (!pinned) {
      await perform(box, [{ kind: 'handoff', department: null, employee: null }]);
      return;
    }
    session = {
      company: turn.companyId,
      conversation: conversation._id,
      flow: pinned.flow,
      version: pinned.version,
      node: null,
      variables: {},
      invalid: 0,
      resume_at: null,
      done: false,
      rev: 0,
      handled: [],
    };
  }
  if (session.done) return;
  const assistantId = assistantOfFlow(session.flow);
  if (assistantId) {
    if (!turn.message?.text) return;
    const outputs = await (turn.assistant ?? withoutAssistant()).answer(
      turn.companyId,
      assistantId,
      turn.message.text,
      conversation,
      turn.message.providerMessageId,
    );
    if (!(await writeSession(session, turn.message.providerMessageId)))
      throw new Error(`bot session of ${conversation._id} moved during the turn`);
    await perform(box, outputs);
    return;
  }
  const graph =
    session.flow === DEPARTMENTS_MENU
      ? departmentsMenuGraph(turn.company)
      : await getVersionGraph(turn.companyId, session.flow, session.version);
  if (!graph) {
    logger.warn('bot version missing; handing to the queue', {
      companyId: turn.companyId,
      flow: session.flow,
    });
    await perform(box, [{ kind: 'handoff', department: null, employee: null }]);
    return;
  }
  const flowName = (await getFlowRecord(turn.companyId, session.flow))?.name ?? '';
  const ctx = await contextFor(
    turn.company,
    conversation,
    graph,
    flowName,
    turn.message?.providerMessageId,
    turn.assistant,
  );
  // The message that opens the conversation starts the flow; later ones answer what the bot asked.
  const input =
    isNew || !turn.message
      ? undefined
      : {
          ...(turn.message.text ? { text: turn.message.text } : {}),
          ...(turn.message.buttonId ? { buttonId: turn.message.buttonId } : {}),
        };
  const result = await advance(ctx, session, input);
  const written = await writeSession({ ...session, ...result.session }, turn.message?.providerMessageId);
  if (!written) throw new Error(`bot session of ${conversation._id} moved during the turn`);
  await perform(box, result.outputs);
}
