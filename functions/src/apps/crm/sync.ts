import type { conversationEventView } from '@atende/shared/events/conversations';
import type { AppName } from '@atende/shared/domain/apps';
import type { contactEventView } from '@atende/shared/events/contacts';
import type * as z from 'zod';
import { readContact } from '../../contacts/store.ts';
import { messageRecord } from '../../conversations/records.ts';
import { openCredentials } from '../../integrations/crypto.ts';
import { queryAllByPrefix } from '../../lib/dynamo/query.ts';
import { logger } from '../../lib/logger.ts';
import type { AppRecord } from '../records.ts';
import { listApps } from '../store.ts';
import type { CrmClient, CrmPerson } from './client.ts';
import { linkOf, remoteIdOf, saveLink } from './links.ts';
import { rdMarketingClient } from '../oauth/rdstation-marketing.ts';
import { tokenSession } from '../oauth/tokens.ts';
import { agendorClient } from './agendor.ts';
import { nectarClient } from './nectar.ts';
import { pipedriveClient } from './pipedrive.ts';
import { rdStationCrmClient } from './rdstation.ts';
import { salesforceClient } from './salesforce.ts';
import { MESSAGE_PREFIX, messageEntity } from '../../conversations/entities.ts';

type ConversationEventView = z.infer<typeof conversationEventView>;
type SyncedContact = Pick<z.infer<typeof contactEventView>, '_id' | 'full_name' | 'email' | 'cel_phone'>;

/**
 * The apps whose sync is built; the other CRM apps of the catalogue install but do not sync yet. A builder
 * answering undefined means the installation lacks what the sync needs (RD Station CRM installed with its
 * alias only, no token): it stays installed and nothing syncs.
 */
const CLIENTS: Partial<
  Record<AppName, (credentials: Record<string, string>, app: AppRecord) => CrmClient | undefined>
> = {
  pipedrive: (credentials, app) =>
    pipedriveClient({ token: credentials.token ?? '', domain: app.settings.domain ?? '' }),
  rdstationmarketing: (_credentials, app) => rdMarketingClient(tokenSession(app)),
  agendor: (credentials) => agendorClient({ token: credentials.token ?? '' }),
  nectar: (credentials) => nectarClient({ token: credentials.token ?? '' }),
  rdstation: (credentials) =>
    credentials.token ? rdStationCrmClient({ token: credentials.token }) : undefined,
  salesforce: (credentials, app) =>
    salesforceClient({
      clientKey: credentials.client_key ?? '',
      clientSecret: credentials.token ?? '',
      username: app.settings.login_user ?? '',
      password: credentials.login_password ?? '',
      securityToken: credentials.security_token ?? '',
    }),
};

export const PERSON = 'person';

/** Fields a CRM person mirrors: other changes of a contact (tags, wallet) are not pushed. */
export const MIRRORED_FIELDS = ['full_name', 'email', 'cel_phone'] as const;

interface Connected {
  app: AppRecord;
  client: CrmClient;
}

/** The installation's CRM client; undefined when it does not sync (or lacks what the sync needs). */
export function crmClientOf(app: AppRecord): CrmClient | undefined {
  // Refused for good by the provider: nothing syncs until an admin connects it again.
  if (app.reconnect_required_at) return undefined;
  return CLIENTS[app.name]?.(openCredentials(app.credentials, app._id), app);
}

export async function connectedCrms(companyId: string): Promise<Connected[]> {
  const apps = await listApps(companyId);
  return apps.flatMap((app) => {
    const client = crmClientOf(app);
    return client ? [{ app, client }] : [];
  });
}

const personOf = (contact: SyncedContact): CrmPerson => ({
  name: contact.full_name,
  email: contact.email,
  phone: contact.cel_phone,
});

/**
 * Creates or updates the contact's person; a person deleted in the CRM's own UI is left deleted (tombstone),
 * one gone otherwise is created again and relinked. Before creating, the CRM is searched by e-mail and phone
 * (where it can be), so a crash between a create and its link, then the event's redelivery, finds the person
 * made the first time instead of making a second one.
 */
export async function pushContact(
  { app, client }: Connected,
  contact: SyncedContact,
): Promise<string | undefined> {
  const link = await linkOf(app, PERSON, contact._id);
  if (link && 'deletedRemotely' in link) return undefined;
  const person = personOf(contact);
  if (link && (await client.updatePerson(link.remoteId, person))) return link.remoteId;
  const existing = link ? undefined : await client.findPerson?.(person);
  if (existing) {
    await client.updatePerson(existing, person);
    await saveLink(app, PERSON, contact._id, existing);
    logger.info('crm person found and linked', { app: app.name, contact: contact._id, remote: existing });
    return existing;
  }
  const created = await client.createPerson(person);
  await saveLink(app, PERSON, contact._id, created);
  logger.info('crm person created', { app: app.name, contact: contact._id, remote: created });
  return created;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The closed conversation as the note's HTML: a heading, then one line per message, oldest first. */
export async function transcriptHtml(
  companyId: string,
  conversation: ConversationEventView,
): Promise<string> {
  const items = await queryAllByPrefix(
    messageEntity.partition('conversation', companyId, conversation._id),
    MESSAGE_PREFIX,
  );
  const lines = items.flatMap((item) => {
    const parsed = messageRecord.safeParse(item);
    if (!parsed.success) return [];
    const message = parsed.data;
    const who = {
      customer: message.customer?.full_name ?? conversation.customer.full_name,
      operator: message.employee?.name ?? 'Atendente',
      bot: 'Chatbot',
    }[message.sent_by];
    const at = message.created_at.slice(0, 16).replace('T', ' ');
    return [`[${at}] <b>${escapeHtml(who)}</b>: ${escapeHtml(message.content)}`];
  });
  const closedBy = conversation.employee?.name ? ` por ${escapeHtml(conversation.employee.name)}` : '';
  return [`<b>Atendimento encerrado${closedBy}</b>`, ...lines].join('<br>');
}

/** A closed conversation becomes a note on the customer's person (created first when not yet linked). */
export async function logTranscript(crm: Connected, conversation: ConversationEventView): Promise<void> {
  const contact = await readContact(crm.app.company, conversation.customer._id);
  if (!contact) return;
  const remoteId = await pushContactIfUnlinked(crm, contact);
  if (!remoteId) return;
  await crm.client.addNote(remoteId, await transcriptHtml(crm.app.company, conversation), personOf(contact));
}

async function pushContactIfUnlinked(crm: Connected, contact: SyncedContact): Promise<string | undefined> {
  return (await remoteIdOf(crm.app, PERSON, contact._id)) ?? pushContact(crm, contact);
}
