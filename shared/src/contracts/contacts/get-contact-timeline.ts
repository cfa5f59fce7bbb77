import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { CONTACTS_ACCESS } from './access.ts';
import { contactIdParams } from './views.ts';

/** One entry of app/timeline, oldest first. */
export const timelineEntry = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('conversation'),
    at: z.string(),
    conversation: objectId,
    protocol: z.string().optional(),
    channel: z.string(),
    status: z.string(),
    messages_count: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('tag'),
    at: z.string(),
    tag: objectId,
    action: z.enum(['added', 'removed']),
    employee: objectId.nullable(),
  }),
  z.object({ kind: z.literal('created'), at: z.string(), employee: objectId.nullable() }),
]);
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const contactTimelineResponse = z.object({ entries: z.array(timelineEntry) });

export const getContactTimeline = defineRoute({
  id: 'contacts.timeline',
  method: 'GET',
  path: '/contacts/{id}/timeline',
  domain: 'contacts',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  params: contactIdParams,
  response: contactTimelineResponse,
});
