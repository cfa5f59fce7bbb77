import type { conversationEventView } from '@atende/shared/events/conversations';
import type { DomainEvent } from '@atende/shared/events/index';
import { businessSeconds, type OfficeCalendar } from '@atende/shared/rules/business-time';
import type { z } from 'zod';

type ConversationEventView = z.infer<typeof conversationEventView>;

/** A duration measured both ways: calendar seconds and seconds inside office hours. */
export interface Duration {
  cal: number;
  bh: number;
}

/** What the ledger knows of one conversation. Replaces nothing in conversations: it is a read model. */
export interface ConversationFact {
  conversation: string;
  protocol: string;
  status: string;
  channel: string;
  integration: string;
  department: string | null;
  employee: { _id: string; name: string } | null;
  tabulation: { _id: string; label: string } | null;
  customer: { _id: string; full_name: string };
  /** ISO; '' until the conversation itself was seen (a message may be ledgered first). */
  opened_at: string;
  closed_at: string | null;
  /** Entered a queue (from the bot or at opening): where waiting starts. */
  queued_at: string | null;
  assigned_at: string | null;
  first_response_at: string | null;
  assignments: number;
  transfers: number;
  /** Started with the bot; `human` once an employee took it. */
  bot: boolean;
  human: boolean;
  wait: Duration | null;
  first_response: Duration | null;
  resolution: Duration | null;
  messages_in: number;
  messages_out: number;
  tags: string[];
  /** The customer's service evaluation (1–5), once answered. */
  csat: number | null;
}

/** A contribution to the hourly rollups: at an instant, these measures, under the fact's dimensions. */
export interface Contribution {
  at: string;
  opened?: number;
  closed?: number;
  received?: number;
  sent?: number;
  wait?: Duration;
  first_response?: Duration;
  resolution?: Duration;
  /** A service evaluation's grade (1–5). */
  csat?: number;
}

const measure = (from: string, to: string, calendar: OfficeCalendar): Duration => {
  const start = new Date(from);
  const end = new Date(to);
  return {
    cal: Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)),
    bh: businessSeconds(start, end, calendar),
  };
};

function blank(conversation: string): ConversationFact {
  return {
    conversation,
    protocol: '',
    status: 'bot',
    channel: '',
    integration: '',
    department: null,
    employee: null,
    tabulation: null,
    customer: { _id: '', full_name: '' },
    opened_at: '',
    closed_at: null,
    queued_at: null,
    assigned_at: null,
    first_response_at: null,
    assignments: 0,
    transfers: 0,
    bot: false,
    human: false,
    wait: null,
    first_response: null,
    resolution: null,
    messages_in: 0,
    messages_out: 0,
    tags: [],
    csat: null,
  };
}

/** The conversation's current attributes, and its opening when the ledger had not seen it yet. */
function absorb(fact: ConversationFact, view: ConversationEventView, out: Contribution[]): ConversationFact {
  const next: ConversationFact = {
    ...fact,
    protocol: view.protocol,
    status: view.status,
    channel: view.channel,
    integration: view.integration,
    department: view.department,
    employee: view.employee,
    tabulation: view.tabulation ? { _id: view.tabulation._id, label: view.tabulation.label } : null,
    customer: { _id: view.customer._id, full_name: view.customer.full_name },
  };
  if (!fact.opened_at) {
    next.opened_at = view.created_at;
    next.bot = view.status === 'bot';
    next.queued_at = view.status === 'bot' ? null : view.created_at;
    out.push({ at: view.created_at, opened: 1 });
  }
  return next;
}

/** First response counts from the opening to the first employee message, once both are known. */
function settleFirstResponse(fact: ConversationFact, calendar: OfficeCalendar, out: Contribution[]) {
  if (fact.first_response || !fact.first_response_at || !fact.opened_at) return fact;
  const first_response = measure(fact.opened_at, fact.first_response_at, calendar);
  out.push({ at: fact.first_response_at, first_response });
  return { ...fact, first_response };
}

/**
 * Pure: the fact after one domain event, and what it adds to the rollups. Each measure is contributed once,
 * when it becomes known (an opening, a first assignment, a first reply, a close), at the instant it happened.
 */
export function reduceFact(
  previous: ConversationFact | undefined,
  event: DomainEvent,
  calendar: OfficeCalendar,
): { fact: ConversationFact; contributions: Contribution[] } | undefined {
  const out: Contribution[] = [];
  switch (event.type) {
    case 'message.created': {
      const message = event.data.message;
      let fact = previous ?? blank(message.conversation);
      if (message.sent_by === 'customer') {
        fact = { ...fact, messages_in: fact.messages_in + 1 };
        out.push({ at: message.created_at, received: 1 });
      } else {
        fact = { ...fact, messages_out: fact.messages_out + 1 };
        out.push({ at: message.created_at, sent: 1 });
        if (message.sent_by === 'operator' && !fact.first_response_at) {
          fact = { ...fact, first_response_at: message.created_at };
        }
      }
      return { fact: settleFirstResponse(fact, calendar, out), contributions: out };
    }
    case 'conversation.opened':
    case 'conversation.assigned':
    case 'conversation.transferred':
    case 'conversation.closed':
    case 'conversation.status_changed': {
      const view = event.data.conversation;
      const before = previous ?? blank(view._id);
      let fact = absorb(before, view, out);
      const at = view.updated_at;
      if (event.type === 'conversation.assigned') {
        fact = { ...fact, assignments: fact.assignments + 1, human: true };
        if (!fact.assigned_at) {
          const wait = measure(fact.queued_at ?? fact.opened_at, at, calendar);
          fact = { ...fact, assigned_at: at, wait };
          out.push({ at, wait });
        }
      }
      if (event.type === 'conversation.transferred') fact = { ...fact, transfers: fact.transfers + 1 };
      // Waiting starts when the bot hands over, whether or not the department changed with it.
      if (before.status === 'bot' && view.status === 'queue' && !fact.queued_at) {
        fact = { ...fact, queued_at: at };
      }
      if (event.type === 'conversation.closed' && !fact.closed_at) {
        const closedAt = view.closed_at ?? at;
        const resolution = measure(fact.opened_at, closedAt, calendar);
        fact = { ...fact, closed_at: closedAt, resolution };
        out.push({ at: closedAt, closed: 1, resolution });
      }
      return { fact: settleFirstResponse(fact, calendar, out), contributions: out };
    }
    case 'conversation.evaluated': {
      const before = previous ?? blank(event.data.conversation._id);
      let fact = absorb(before, event.data.conversation, out);
      // One grade per conversation: a second answer (never sent by the engine) would count twice.
      if (!fact.csat) {
        const { grade, answered_at } = event.data.evaluation;
        fact = { ...fact, csat: grade };
        out.push({ at: answered_at, csat: grade });
      }
      return { fact, contributions: out };
    }
    default:
      return undefined;
  }
}
