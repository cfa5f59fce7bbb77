import { connectionEvents, presenceEvents } from '../analytics/presence-events.ts';
import { contactEventView } from '@atende/shared/events/contacts';
import { conversationEventView } from '@atende/shared/events/conversations';
import type { DomainEvent } from '@atende/shared/events/index';
import type * as z from 'zod';
import { messageView } from '@atende/shared/contracts/conversations/views';
import { contactRecord, toContactView } from '../contacts/records.ts';
import { campaignEvents } from '../campaigns/event-mapper.ts';
import { dealEvents } from '../pipelines/event-mapper.ts';

type ConversationEventView = z.infer<typeof conversationEventView>;

/** One stream record's change, its images already unmarshalled. */
export interface ItemChange {
  kind: 'INSERT' | 'MODIFY' | 'REMOVE';
  oldImage: Record<string, unknown> | undefined;
  newImage: Record<string, unknown> | undefined;
}

/** What the dispatcher adds to every event a mapper names: its id, occurred_at. */
export type EventDraft = Omit<DomainEvent, 'id' | 'occurred_at'>;

/**
 * Turns one item change into the domain events it means. Mappers are keyed by the item's `entity` attribute;
 * a module adding events (deals, campaigns) adds its entity's mapper here.
 */
export type Mapper = (change: ItemChange) => EventDraft[];

const contactOf = (image: Record<string, unknown>) => {
  const record = contactRecord.parse(image);
  return contactEventView.parse({
    ...toContactView(record, 'none'),
    origin: record.origin,
    origin_detail: record.origin_detail,
  });
};

/** Top-level fields that differ between two images (by their JSON). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

const contact: Mapper = ({ kind, oldImage, newImage }) => {
  if (kind === 'INSERT' && newImage) {
    const view = contactOf(newImage);
    return [
      { type: 'contact.created', company_id: view.company, entity_id: view._id, data: { contact: view } },
    ];
  }
  if (kind === 'REMOVE' && oldImage) {
    const view = contactOf(oldImage);
    return [
      { type: 'contact.deleted', company_id: view.company, entity_id: view._id, data: { contact: view } },
    ];
  }
  if (kind === 'MODIFY' && oldImage && newImage) {
    const previous = contactOf(oldImage);
    const view = contactOf(newImage);
    const changed = changedFields(previous, view);
    if (changed.length === 0) return [];
    return [
      {
        type: 'contact.updated',
        company_id: view.company,
        entity_id: view._id,
        data: { contact: view, previous, changed },
      },
    ];
  }
  return [];
};

const message: Mapper = ({ kind, oldImage, newImage }) => {
  if (!newImage) return [];
  const view = messageView.parse(newImage);
  const base = { company_id: view.company, entity_id: view._id } as const;
  if (kind === 'INSERT') return [{ ...base, type: 'message.created', data: { message: view } }];
  if (kind === 'MODIFY' && oldImage && oldImage.status !== newImage.status) {
    const previous = messageView.shape.status.parse(oldImage.status);
    return [{ ...base, type: 'message.status_changed', data: { message: view, previous_status: previous } }];
  }
  return [];
};

/** The status, assignment and transfer event of one conversation write (at most one of them). */
function movement(
  base: { company_id: string; entity_id: string },
  before: ConversationEventView,
  view: ConversationEventView,
): EventDraft[] {
  if (before.status !== 'closed' && view.status === 'closed') {
    return [
      { ...base, type: 'conversation.closed', data: { conversation: view, previous_status: before.status } },
    ];
  }
  if (before.status !== 'in_service' && view.status === 'in_service') {
    return [
      {
        ...base,
        type: 'conversation.assigned',
        data: { conversation: view, previous_status: before.status },
      },
    ];
  }
  const movedEmployee = (before.employee?._id ?? null) !== (view.employee?._id ?? null);
  const movedDepartment = before.department !== view.department;
  if (view.status !== 'closed' && (movedEmployee || movedDepartment)) {
    return [
      {
        ...base,
        type: 'conversation.transferred',
        data: { conversation: view, from: { employee: before.employee, department: before.department } },
      },
    ];
  }
  if (before.status !== view.status) {
    return [
      {
        ...base,
        type: 'conversation.status_changed',
        data: { conversation: view, previous_status: before.status },
      },
    ];
  }
  return [];
}

const conversation: Mapper = ({ kind, oldImage, newImage }) => {
  if (!newImage) return [];
  const view = conversationEventView.parse(newImage);
  const base = { company_id: String(newImage.company), entity_id: view._id } as const;
  if (kind === 'INSERT') {
    return view.status === 'closed'
      ? []
      : [{ ...base, type: 'conversation.opened', data: { conversation: view } }];
  }
  if (kind !== 'MODIFY' || !oldImage) return [];
  const before = conversationEventView.parse(oldImage);
  const events = movement(base, before, view);
  // The grade is written once on the closed conversation: its appearance is the evaluation.
  if (!before.evaluation && view.evaluation) {
    events.push({
      ...base,
      type: 'conversation.evaluated',
      data: { conversation: view, evaluation: view.evaluation },
    });
  }
  return events;
};

export const MAPPERS: Readonly<Record<string, Mapper>> = {
  customer: contact,
  message,
  conversation,
  deal: dealEvents,
  campaign: campaignEvents,
  ws_connection: connectionEvents,
  employee_presence: presenceEvents,
};

/** The item's entity type, from the image that exists (REMOVE has only the old one). */
export const entityOf = (change: ItemChange): string | undefined => {
  const entity = (change.newImage ?? change.oldImage)?.entity;
  return typeof entity === 'string' ? entity : undefined;
};
