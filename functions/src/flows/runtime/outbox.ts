import { newObjectId } from '@atende/shared/domain/object-id';
import { tabulationView } from '@atende/shared/contracts/tabulations/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { flowRuntimePtBR } from '@atende/shared/i18n/pt-BR-flows';
import { numberedMenu } from '@atende/shared/rules/flow-answers';
import * as z from 'zod';
import { getEmployee } from '../../account/store.ts';
import { readSettings } from '../../company/settings-reader.ts';
import type { CompanyItem } from '../../company/store.ts';
import { sendBotMessage } from '../../conversations/bot-messages.ts';
import { publishNewCall, publishNewMessage, publishUpdate } from '../../conversations/events.ts';
import type { IntegrationInfo } from '../../conversations/integrations.ts';
import { type ConversationRecord, pickMessageView } from '../../conversations/records.ts';
import { appendMessage } from '../../conversations/store.ts';
import { transition } from '../../conversations/transition-store.ts';
import { announceClose, closeRecord } from '../../conversations/transitions.ts';
import { companyDepartments } from '../../conversations/visibility.ts';
import type { BotOutput } from './interpreter.ts';

const texts = flowRuntimePtBR;
const storedTabulations = z.array(tabulationView).catch([]);

export interface Outbox {
  company: CompanyItem;
  integration: IntegrationInfo;
  conversation: ConversationRecord;
}

/**
 * A bot message: stored as sent_by 'bot' and delivered. A menu goes out as numbered text (every channel can show
 * it) and carries its options as buttons in the metadata for channels that render them (the site widget).
 */
export async function sendBotText(
  box: Outbox,
  text: string,
  options?: readonly { id: string; label: string }[],
  flags: string[] = [],
): Promise<void> {
  const menu = options && options.length > 0;
  box.conversation = await sendBotMessage(
    box.company,
    box.conversation,
    box.integration,
    menu ? numberedMenu(text, options) : text,
    { flags, ...(menu ? { metadata: { buttons: options, prompt: text } } : {}) },
  );
}

/**
 * What an AI assistant did, shown to operators in the conversation and never delivered to the customer: the
 * message is stored and published to the team but not sent through the channel.
 */
export async function recordNote(box: Outbox, text: string): Promise<void> {
  const stored = await appendMessage(box.conversation, (sequence) => ({
    _id: newObjectId(),
    conversation: box.conversation._id,
    type: 'text',
    content: text,
    sent_by: 'bot',
    channel: box.conversation.channel,
    created_at: new Date().toISOString(),
    read: true,
    flags: ['system', 'ai_action'],
    channel_metadata: { sequence },
    company: box.conversation.company,
    status: 'sent',
    integration: box.conversation.integration,
    direction: 'outbound',
  }));
  if (stored.kind !== 'stored') return;
  box.conversation = stored.conversation;
  await publishNewMessage(box.company, stored.conversation, pickMessageView(stored.message));
}

/** The bot hands over: to an employee (in service with them) or to a department's queue (or the general one). */
async function handoff(box: Outbox, output: Extract<BotOutput, { kind: 'handoff' }>): Promise<void> {
  const hidden = readSettings(box.company).hiddenSystemMessages;
  const now = new Date().toISOString();
  const employee = output.employee ? await getEmployee(box.conversation.company, output.employee) : undefined;
  const department = companyDepartments(box.company).find((node) => node._id === output.department);
  const target = employee && !employee.inactive ? employee.name : department?.name;
  if (target && !hidden.transfer)
    await sendBotText(box, interpolate(texts.transfer, { target }), undefined, ['system']);
  if (!(employee && !employee.inactive) && !hidden.waiting)
    await sendBotText(box, texts.waiting, undefined, ['system']);
  const moved =
    employee && !employee.inactive
      ? await transition(box.conversation, {
          status: 'in_service',
          employee: { _id: employee._id, name: employee.name },
          now,
        })
      : await transition(box.conversation, { status: 'queue', department: department?._id ?? null, now });
  if (!moved) return;
  box.conversation = moved;
  if (moved.status === 'queue') await publishNewCall(box.company, moved);
  else await publishUpdate(box.company, moved);
}

async function end(box: Outbox, output: Extract<BotOutput, { kind: 'end' }>): Promise<void> {
  const tabulations = storedTabulations.parse(box.company.tabulations ?? []);
  const tabulation = tabulations.find((entry) => entry._id === output.tabulation) ?? null;
  if (!readSettings(box.company).hiddenSystemMessages.startEnd) {
    await sendBotText(
      box,
      interpolate(texts.endService, { protocol: box.conversation.protocol }),
      undefined,
      ['system'],
    );
  }
  const before = box.conversation;
  const closed = await closeRecord(before, tabulation, 'closed_by_bot');
  if (!closed) return;
  box.conversation = closed;
  await announceClose(box.company, before, closed);
}

/** Carries out a turn's outputs in order. */
export async function perform(box: Outbox, outputs: readonly BotOutput[]): Promise<void> {
  for (const output of outputs) {
    if (output.kind === 'text') await sendBotText(box, output.text, output.options);
    else if (output.kind === 'handoff') await handoff(box, output);
    else if (output.kind === 'note') await recordNote(box, output.text);
    else await end(box, output);
  }
}
