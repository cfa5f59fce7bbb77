import { timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { openCredentials } from '../../integrations/crypto.ts';
import type { AppRecord } from '../records.ts';
import { personAdded, personDeleted, personUpdated, pipedrivePerson } from './pipedrive-persons.ts';
import type { WebhookAnswer } from './shopify.ts';

/** The user name of the Basic credentials Pipedrive sends with its webhooks (the password is sealed). */
export const PIPEDRIVE_WEBHOOK_USER = 'atende';

/** Webhooks v1 (`current`/`previous`, `meta.object`, `meta.id`) and v2 (`data`, `meta.entity`, `meta.entity_id`). */
const payload = z.object({
  meta: z.object({
    action: z.string(),
    object: z.string().optional(),
    entity: z.string().optional(),
    id: z.coerce.number().optional(),
    entity_id: z.coerce.number().optional(),
  }),
  current: pipedrivePerson.nullish(),
  data: pipedrivePerson.nullish(),
  previous: z.object({ id: z.number() }).passthrough().nullish(),
});

/** v1 and v2 name the actions differently. */
const ACTIONS: Record<string, 'added' | 'updated' | 'deleted'> = {
  added: 'added',
  create: 'added',
  updated: 'updated',
  change: 'updated',
  deleted: 'deleted',
  delete: 'deleted',
};

function authorized(header: string | undefined, password: string): boolean {
  if (!header?.startsWith('Basic ') || !password) return false;
  const given = Buffer.from(header.slice(6), 'base64');
  const expected = Buffer.from(`${PIPEDRIVE_WEBHOOK_USER}:${password}`, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Pipedrive's person events: added, updated and deleted persons, verified by the sealed Basic credentials. */
export async function receivePipedrive(
  app: AppRecord,
  headers: Record<string, string | undefined>,
  rawBody: string,
): Promise<WebhookAnswer> {
  const password = openCredentials(app.credentials, app._id).webhook_password ?? '';
  if (!authorized(headers.authorization, password)) return { statusCode: 401, body: 'unauthorized' };
  let parsed: z.infer<typeof payload>;
  try {
    parsed = payload.parse(JSON.parse(rawBody));
  } catch {
    return { statusCode: 400, body: 'not a webhook' };
  }
  const action = ACTIONS[parsed.meta.action];
  if ((parsed.meta.object ?? parsed.meta.entity) !== 'person' || !action) {
    return { statusCode: 200, body: 'ignored' };
  }
  const remote = parsed.current ?? parsed.data;
  if (action === 'deleted') {
    const id = parsed.previous?.id ?? parsed.meta.id ?? parsed.meta.entity_id;
    return id === undefined ? { statusCode: 200, body: 'ignored' } : personDeleted(app, id);
  }
  if (!remote) return { statusCode: 200, body: 'ignored' };
  return action === 'added' ? personAdded(app, remote) : personUpdated(app, remote);
}
