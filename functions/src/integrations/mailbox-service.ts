import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { channelsPtBR } from '@atende/shared/i18n/pt-BR';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { NotFound } from '../lib/errors.ts';
import { openCredentials } from './crypto.ts';
import { providerEntry } from './entries.ts';
import { integrationKeys } from './keys.ts';
import {
  checkMailboxCode,
  confirmedMailbox,
  mailMailboxCode,
  pendingOf,
  resentMailbox,
} from './mailbox-verification.ts';
import type { ProviderIntegrationRecord } from './records.ts';
import { replaceIntegration } from './service.ts';
import { getIntegration } from './store.ts';

async function emailIntegration(
  auth: AuthContext,
  integrationId: string,
): Promise<ProviderIntegrationRecord> {
  const record = await getIntegration(auth.companyId, integrationId);
  if (!record || record.type === 'widget') throw new NotFound(channelsPtBR.integrationNotFound);
  return record;
}

/**
 * Counts a wrong code against the code it was typed for (a code replaced meanwhile is not charged), so
 * guessing stops after the attempt limit whatever the number of concurrent tries.
 */
async function countWrongCode(record: ProviderIntegrationRecord): Promise<void> {
  const pending = pendingOf(record);
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: integrationKeys.item(record.company, record._id),
        UpdateExpression: 'SET mailbox.pending.attempts = mailbox.pending.attempts + :one',
        ConditionExpression: 'mailbox.pending.code_hash = :hash',
        ExpressionAttributeValues: { ':one': 1, ':hash': pending.code_hash },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Confirms the address waiting for its code: claimed (409 on `email` when taken), connected, audited. */
export async function confirmMailbox(
  auth: AuthContext,
  integrationId: string,
  code: string,
  now = new Date(),
): Promise<IntegrationView> {
  const before = await emailIntegration(auth, integrationId);
  const check = checkMailboxCode(before, code, now);
  if (!check.ok) {
    await countWrongCode(before);
    throw check.error;
  }
  const after = confirmedMailbox(before, now);
  const credentials = openCredentials(after.credentials, after._id);
  return replaceIntegration(auth, before, after, now, () => providerEntry(after, credentials));
}

/** Mails a new code to the address waiting for one. */
export async function resendMailboxCode(
  auth: AuthContext,
  integrationId: string,
  now = new Date(),
): Promise<IntegrationView> {
  const before = await emailIntegration(auth, integrationId);
  const { record: after, code } = resentMailbox(before, now);
  const credentials = openCredentials(after.credentials, after._id);
  const view = await replaceIntegration(auth, before, after, now, () => providerEntry(after, credentials));
  await mailMailboxCode(after, code);
  return view;
}
