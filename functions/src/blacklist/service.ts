import type { BlacklistEntryView } from '@atende/shared/contracts/blacklist/views';
import { blacklistEntryView } from '@atende/shared/contracts/blacklist/views';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import { contactKeys } from '../contacts/keys.ts';
import { readContact, writeContact } from '../contacts/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { Conflict, NotFound } from '../lib/errors.ts';

const table = () => config().mainTable;

export async function listBlacklist(auth: AuthContext) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': contactKeys.blacklist(auth.companyId) },
  });
  const entries: BlacklistEntryView[] = items.map((item) => blacklistEntryView.parse(item));
  return { blacklist: entries.sort((a, b) => b.blocked_at.localeCompare(a.blocked_at)) };
}

/**
 * Blocks a contact: the flag on the contact (which the inbound engine reads: no conversation, no notification;
 * campaigns skip it) and the list entry, in one transaction.
 */
export async function addToBlacklist(auth: AuthContext, customerId: string): Promise<BlacklistEntryView> {
  const contact = await readContact(auth.companyId, customerId);
  if (!contact) throw new NotFound(contactsPtBR.notFound);
  if (contact.blacklisted) throw new Conflict(contactsPtBR.alreadyBlacklisted, 'customer');
  const entry: BlacklistEntryView = {
    customer: customerId,
    full_name: contact.full_name,
    ...(contact.cel_phone ? { cel_phone: contact.cel_phone } : {}),
    ...(contact.email ? { email: contact.email } : {}),
    blocked_at: new Date().toISOString(),
    blocked_by: auth.employeeId,
  };
  await writeContact(
    contact,
    { ...contact, blacklisted: true, updated_at: entry.blocked_at },
    {
      actor: auth.employeeId,
      extra: [
        {
          item: {
            Put: {
              TableName: table(),
              Item: {
                ...contactKeys.blacklistEntry(auth.companyId, customerId),
                entity: 'blacklist',
                ...entry,
              },
            },
          },
        },
      ],
    },
  );
  return entry;
}

export async function removeFromBlacklist(auth: AuthContext, customerId: string) {
  const contact = await readContact(auth.companyId, customerId);
  if (!contact) throw new NotFound(contactsPtBR.notFound);
  if (!contact.blacklisted) throw new NotFound(contactsPtBR.notBlacklisted);
  await writeContact(
    contact,
    { ...contact, blacklisted: false, updated_at: new Date().toISOString() },
    {
      actor: auth.employeeId,
      extra: [
        {
          item: {
            Delete: { TableName: table(), Key: contactKeys.blacklistEntry(auth.companyId, customerId) },
          },
        },
      ],
    },
  );
  return { removed: customerId };
}
