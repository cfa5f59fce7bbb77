import * as z from 'zod';
import { CONTACT_EVENTS } from './contacts.ts';
import { CONVERSATION_EVENTS } from './conversations.ts';
import { DEAL_EVENTS } from '../contracts/pipelines/events.ts';
import { CAMPAIGN_EVENTS } from '../contracts/campaigns/events.ts';
import { PRESENCE_EVENTS } from './presence.ts';
import type { DomainEventType } from './types.ts';

/**
 * Every domain event, one zod schema each. A module adding events (deal.*, campaign.*) writes them in a file
 * of its own beside these (`defineEvent('deal.stage_changed', ...)`), appends its list here, and adds a mapper
 * for its item type to the dispatcher (functions/src/events/mappers.ts).
 */
export const DOMAIN_EVENT_SCHEMAS = [
  ...CONVERSATION_EVENTS,
  ...CONTACT_EVENTS,
  ...DEAL_EVENTS,
  ...CAMPAIGN_EVENTS,
  ...PRESENCE_EVENTS,
] as const;

export const domainEvent = z.discriminatedUnion('type', DOMAIN_EVENT_SCHEMAS);
export type DomainEvent = z.infer<typeof domainEvent>;
export { DOMAIN_EVENT_TYPES, type DomainEventType } from './types.ts';
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** Fails to compile when types.ts and the schemas above do not name the same events. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const EVENT_NAMES_MATCH_SCHEMAS: Same<DomainEvent['type'], DomainEventType> = true;
