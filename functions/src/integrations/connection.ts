import { integrationKey } from '@atende/shared/domain/integrations';
import { channelsPtBR } from '@atende/shared/i18n/pt-BR';
import { unconfirmedMailbox } from '../channels/email/mailboxes.ts';
import { changeCompany } from '../company/store.ts';
import { NotFound } from '../lib/errors.ts';
import { entriesOf, withEntry } from './entries.ts';
import { publishChannelChange } from './events.ts';
import { COMPANY_MAP } from './keys.ts';
import type { ProviderIntegrationRecord } from './records.ts';
import { forgetIntegration, getIntegration, integrationReplace } from './store.ts';

/**
 * Records a provider connection change (a verified webhook after a failure, a refused token on send) on the
 * item and the company entry, and tells the browsers. Nothing happens when the state is already that one.
 */
export async function setConnection(
  companyId: string,
  integrationId: string,
  connection: boolean,
  now = new Date(),
): Promise<boolean> {
  const record = await getIntegration(companyId, integrationId);
  if (!record || record.type === 'widget' || record.connection === connection) return false;
  // Only its code connects an unproven mailbox.
  if (connection && unconfirmedMailbox(record)) return false;
  const after: ProviderIntegrationRecord = {
    ...record,
    connection,
    connection_changed_at: now.toISOString(),
  };
  const changed = await changeCompany(companyId, (company) => {
    const entry = entriesOf(company, record)[integrationKey(record._id)];
    return {
      set: entry ? { [COMPANY_MAP[record.type]]: withEntry(company, record, { ...entry, connection }) } : {},
      items: [integrationReplace(after)],
      result: true,
      onItemConditionFailed: () => new NotFound(channelsPtBR.integrationNotFound),
    };
  }).catch((error: unknown) => {
    if (error instanceof NotFound) return false;
    throw error;
  });
  if (changed) {
    forgetIntegration(record._id);
    await publishChannelChange(companyId, record.type, {
      integration: record._id,
      action: 'connection',
      connection,
    });
  }
  return changed;
}
