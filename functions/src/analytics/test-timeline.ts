import type { DomainEvent, DomainEventOf } from '@atende/shared/events/index';
import { newObjectId } from '@atende/shared/domain/object-id';

/**
 * Test and bench support: synthetic domain events of one conversation, in the shapes the dispatcher sends
 * (a conversation item's view, a message's view), so the ledger is exercised on timelines computed by hand.
 */
export interface TimelineConversation {
  companyId: string;
  id: string;
  customer: string;
  integration: string;
  channel: 'whatsapp' | 'widget' | 'messenger';
  createdAt: string;
}

type ConversationData = DomainEventOf<'conversation.opened'>['data']['conversation'];
type Status = ConversationData['status'];

let sequence = 0;
const eventId = () => `evt-${Date.now()}-${(sequence += 1)}`;

export function newTimeline(
  companyId: string,
  createdAt: string,
  channel: TimelineConversation['channel'] = 'whatsapp',
): TimelineConversation {
  return {
    companyId,
    id: newObjectId(),
    customer: newObjectId(),
    integration: newObjectId(),
    channel,
    createdAt,
  };
}

export interface State {
  status: Status;
  department: string | null;
  employee: { _id: string; name: string } | null;
  tabulation?: { _id: string; label: string; name: string } | null;
  at: string;
  closedAt?: string;
}

export function view(conversation: TimelineConversation, state: State): ConversationData {
  return {
    _id: conversation.id,
    protocol: `${conversation.createdAt.slice(0, 10).replaceAll('-', '')}000001`,
    status: state.status,
    channel: conversation.channel,
    integration: conversation.integration,
    customer: { _id: conversation.customer, full_name: 'Cliente Teste' },
    department: state.department,
    employee: state.employee,
    tabulation: state.tabulation ?? null,
    redistributed: false,
    unread: 0,
    last_message: null,
    created_at: conversation.createdAt,
    updated_at: state.at,
    last_activity_at: state.at,
    closed_at: state.closedAt ?? null,
  };
}

const envelope = (conversation: TimelineConversation, entity: string, at: string) => ({
  id: eventId(),
  company_id: conversation.companyId,
  entity_id: entity,
  occurred_at: at,
});

export const opened = (c: TimelineConversation, state: State): DomainEvent => ({
  ...envelope(c, c.id, state.at),
  type: 'conversation.opened',
  data: { conversation: view(c, state) },
});

export const assigned = (c: TimelineConversation, state: State, previous: Status = 'queue'): DomainEvent => ({
  ...envelope(c, c.id, state.at),
  type: 'conversation.assigned',
  data: { conversation: view(c, state), previous_status: previous },
});

export const transferred = (
  c: TimelineConversation,
  state: State,
  from: { employee: { _id: string; name: string } | null; department: string | null },
): DomainEvent => ({
  ...envelope(c, c.id, state.at),
  type: 'conversation.transferred',
  data: { conversation: view(c, state), from },
});

export const closed = (c: TimelineConversation, state: State): DomainEvent => ({
  ...envelope(c, c.id, state.at),
  type: 'conversation.closed',
  data: {
    conversation: view(c, { ...state, status: 'closed', closedAt: state.at }),
    previous_status: 'in_service',
  },
});

/** A status move with no assignment or transfer (the bot handing over to the same department's queue). */
export const statusChanged = (c: TimelineConversation, state: State, previous: Status): DomainEvent => ({
  ...envelope(c, c.id, state.at),
  type: 'conversation.status_changed',
  data: { conversation: view(c, state), previous_status: previous },
});

/** The customer's grade of a closed conversation, answered at `at`. */
export const evaluated = (c: TimelineConversation, state: State, grade: number, at: string): DomainEvent => ({
  ...envelope(c, c.id, at),
  type: 'conversation.evaluated',
  data: {
    conversation: view(c, { ...state, status: 'closed', closedAt: state.at }),
    evaluation: { grade, answered_at: at },
  },
});

export function message(
  c: TimelineConversation,
  at: string,
  sentBy: 'customer' | 'operator' | 'bot',
  employee?: { _id: string; name: string },
): DomainEvent {
  const id = newObjectId();
  return {
    ...envelope(c, id, at),
    type: 'message.created',
    data: {
      message: {
        _id: id,
        conversation: c.id,
        type: 'text',
        content: 'Olá',
        sent_by: sentBy,
        ...(employee ? { employee } : {}),
        channel: c.channel,
        created_at: at,
        read: false,
        flags: [],
        channel_metadata: {},
        company: c.companyId,
        status: 'delivered',
      },
    },
  };
}
