import * as z from 'zod';
import {
  inboundPersonAdded,
  inboundPersonDeleted,
  inboundPersonUpdated,
  type InboundPerson,
} from '../crm/inbound.ts';
import type { AppRecord } from '../records.ts';
import type { WebhookAnswer } from './shopify.ts';

const contactEntry = z.object({ value: z.string(), primary: z.boolean().optional() });
export const pipedrivePerson = z.object({
  id: z.number(),
  name: z.string().nullish(),
  email: z.array(contactEntry).nullish(),
  phone: z.array(contactEntry).nullish(),
});
type Person = z.infer<typeof pipedrivePerson>;

const primary = (entries: z.infer<typeof contactEntry>[] | null | undefined) =>
  (entries?.find((entry) => entry.primary) ?? entries?.[0])?.value?.trim() || undefined;

/** Pipedrive's person as any CRM's: its name, primary e-mail and primary phone. */
const inbound = (person: Person): InboundPerson => ({
  id: String(person.id),
  name: person.name ?? undefined,
  email: primary(person.email),
  phone: primary(person.phone),
});

/** A person edited in Pipedrive updates the contact it mirrors (see inboundPersonUpdated). */
export async function personUpdated(app: AppRecord, remote: Person): Promise<WebhookAnswer> {
  return { statusCode: 200, body: await inboundPersonUpdated(app, inbound(remote)) };
}

/** A person added in Pipedrive becomes a contact here, or is linked to the one holding its e-mail or phone. */
export async function personAdded(app: AppRecord, remote: Person): Promise<WebhookAnswer> {
  return { statusCode: 200, body: await inboundPersonAdded(app, inbound(remote)) };
}

/** A person deleted in Pipedrive unlinks its contact (see inboundPersonDeleted). */
export async function personDeleted(app: AppRecord, remoteId: number): Promise<WebhookAnswer> {
  return { statusCode: 200, body: await inboundPersonDeleted(app, String(remoteId)) };
}
