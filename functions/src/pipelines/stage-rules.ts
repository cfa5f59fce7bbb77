import type { StageView } from '@atende/shared/contracts/pipelines/views';
import { ACTIVITY_ENTITY } from '@atende/shared/contracts/pipelines/events';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { ContactRecord } from '../contacts/records.ts';
import type { ActivityRecord, DealRecord } from './records.ts';

/** Identifies one entry of a deal into a stage: the deal and the entry's position in its history. */
export const entryId = (deal: DealRecord): string => `${deal._id}#${deal.history.length - 1}`;

const DAY_MS = 86_400_000;

/**
 * The activity a stage's rule creates when `deal` has just entered `stage`; written in the same transaction
 * as the entry, so it exists exactly once per entry. Assigned to the rule's employee, else the deal's owner,
 * else whoever moved the deal.
 */
export function entryActivity(
  deal: DealRecord,
  stage: StageView,
  actor: string,
  now: Date,
): ActivityRecord | undefined {
  const rule = stage.rules.activity;
  if (!rule) return undefined;
  const at = now.toISOString();
  return {
    entity: ACTIVITY_ENTITY,
    _id: newObjectId(),
    company: deal.company,
    title: rule.title,
    type: rule.type,
    due_at: new Date(now.getTime() + rule.due_in_days * DAY_MS).toISOString(),
    assignee: rule.assignee ?? deal.owner ?? actor,
    customer: deal.customer,
    deal: deal._id,
    conversation: deal.conversation,
    notes: '',
    status: 'open',
    done_at: null,
    reminded_at: null,
    created_by: actor,
    created_at: at,
    updated_at: at,
    source: entryId(deal),
    version: 1,
  };
}

/** The contact as the stage's tag rules leave it, or undefined when they change nothing. */
export function entryContact(contact: ContactRecord, stage: StageView, now: Date): ContactRecord | undefined {
  const { add_tag: add, remove_tag: remove } = stage.rules;
  let tags = contact.tags;
  if (add && !tags.includes(add)) tags = [...tags, add];
  if (remove && tags.includes(remove)) tags = tags.filter((tag) => tag !== remove);
  if (tags === contact.tags) return undefined;
  return { ...contact, tags, updated_at: now.toISOString() };
}
