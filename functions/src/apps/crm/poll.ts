import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { APP_NAMES } from '@atende/shared/domain/apps';
import * as z from 'zod';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { queryAllByPrefix } from '../../lib/dynamo/query.ts';
import { logger } from '../../lib/logger.ts';
import { appKeys } from '../keys.ts';
import type { AppRecord } from '../records.ts';
import { getApp } from '../store.ts';
import { CrmRejected, CrmRetryable, type RemotePerson } from './client.ts';
import { inboundPerson } from './inbound.ts';
import { crmClientOf } from './sync.ts';

const pollEntry = z.object({
  sk: z.string(),
  companyId: z.string(),
  name: z.enum(APP_NAMES),
  mark: z.string().optional(),
});
type PollEntry = z.infer<typeof pollEntry>;

export interface PollResult {
  applied: number;
  mark?: string;
}

const iso = (value: string) => new Date(value).toISOString();

/** The mark moves only forward and only over persons applied; an uninstalled app's entry is not recreated. */
async function saveMark(installationId: string, mark: string): Promise<void> {
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: appKeys.poll(installationId),
        UpdateExpression: 'SET mark = :mark',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':mark': mark },
      }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
  }
}

/**
 * Reads the persons the CRM changed since the installation's mark (its install time on the first run) and
 * applies them, oldest first: a linked contact is updated, an unknown person becomes a contact (or is linked to
 * the one holding its e-mail or phone). A person we pushed reads back with our own values and changes nothing,
 * so nothing is pushed again. A failure stops at the last person applied; the next run resumes there.
 */
export async function pollInstallation(app: AppRecord, mark: string | undefined): Promise<PollResult> {
  const client = crmClientOf(app);
  if (!client?.changedSince) return { applied: 0 };
  const since = iso(mark ?? app.installed_at);
  const people = (await client.changedSince(since))
    .map((person): RemotePerson => ({ ...person, updatedAt: iso(person.updatedAt) }))
    .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  let reached = since;
  let applied = 0;
  try {
    for (const person of people) {
      await inboundPerson(app, person);
      applied += 1;
      if (person.updatedAt > reached) reached = person.updatedAt;
    }
  } finally {
    if (reached !== since || mark === undefined) await saveMark(app._id, reached);
  }
  return { applied, mark: reached };
}

/** One installation's poll; a CRM refusing or down is logged and tried again on the next run. */
async function pollEntryOnce(entry: PollEntry): Promise<number> {
  const installationId = entry.sk.slice('APP#'.length);
  const app = await getApp(entry.companyId, entry.name);
  if (app?._id !== installationId) return 0;
  try {
    return (await pollInstallation(app, entry.mark)).applied;
  } catch (error) {
    if (!(error instanceof CrmRetryable) && !(error instanceof CrmRejected)) throw error;
    logger.warn('crm poll failed', { app: app._id, name: app.name, error: error.message });
    return 0;
  }
}

/** The schedule: every polled CRM installation, one after the other (each within its own rate limit). */
export async function pollCrms(): Promise<{ installations: number; applied: number }> {
  const entries = (await queryAllByPrefix(appKeys.pollList, 'APP#')).flatMap((item) => {
    const parsed = pollEntry.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  let applied = 0;
  for (const entry of entries) {
    try {
      applied += await pollEntryOnce(entry);
    } catch (error) {
      // One installation's unexpected failure must not starve the others; the next run retries it.
      logger.error('crm poll crashed', {
        installation: entry.sk,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (applied > 0) logger.info('crm persons applied', { installations: entries.length, applied });
  return { installations: entries.length, applied };
}

export const handler = async () => pollCrms();
