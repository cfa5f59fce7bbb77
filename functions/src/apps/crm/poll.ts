import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { APP_NAMES } from '@atende/shared/domain/apps';
import * as z from 'zod';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { queryAllByPrefix } from '../../lib/dynamo/query.ts';
import { logger } from '../../lib/logger.ts';
import { appKeys } from '../keys.ts';
import type { AppRecord } from '../records.ts';
import { getApp } from '../store.ts';
import { type CrmClient, CrmRejected, CrmRetryable, type RemotePerson } from './client.ts';
import { inboundPerson, inboundPersonDeleted } from './inbound.ts';
import { backfillPollEntries } from './poll-backfill.ts';
import { crmClientOf } from './sync.ts';

const pollEntry = z.object({
  sk: z.string(),
  companyId: z.string(),
  name: z.enum(APP_NAMES),
  mark: z.string().optional(),
  deleted_mark: z.string().optional(),
});
type PollEntry = z.infer<typeof pollEntry>;

export interface PollResult {
  applied: number;
  mark?: string;
  /** Contacts unlinked because their person was deleted in the CRM. */
  unlinked: number;
  deletedMark?: string;
}

const iso = (value: string) => new Date(value).toISOString();

/**
 * A mark moves only forward and only over what was applied (`mark` over changed persons, `deleted_mark` over
 * deleted ones); an uninstalled app's entry is not recreated.
 */
async function saveMark(
  installationId: string,
  field: 'mark' | 'deleted_mark',
  value: string,
): Promise<void> {
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: appKeys.poll(installationId),
        UpdateExpression: 'SET #field = :value',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#field': field },
        ExpressionAttributeValues: { ':value': value },
      }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
  }
}

/**
 * Persons deleted in the CRM since the deletion mark (its install time on the first run), where the CRM lists
 * them: each unlinks its contact as Pipedrive's delete webhook does (the contact stays, the sync does not
 * recreate the person). Unlinking is idempotent, so a failure before the mark is saved only repeats work.
 */
async function pollDeletions(
  app: AppRecord,
  client: CrmClient,
  deletedMark: string | undefined,
): Promise<{ unlinked: number; deletedMark?: string }> {
  if (!client.deletedSince) return { unlinked: 0 };
  const deletions = await client.deletedSince(iso(deletedMark ?? app.installed_at));
  if (!deletions) return { unlinked: 0 };
  if (deletions.gap) {
    logger.warn('crm delete log does not reach the mark: deletions before it are not seen', {
      app: app._id,
      name: app.name,
      since: deletedMark ?? app.installed_at,
      until: deletions.mark,
    });
  }
  let unlinked = 0;
  for (const id of deletions.ids) {
    if ((await inboundPersonDeleted(app, id)) === 'unlinked') unlinked += 1;
  }
  await saveMark(app._id, 'deleted_mark', deletions.mark);
  return { unlinked, deletedMark: deletions.mark };
}

/**
 * Reads the persons the CRM changed since the installation's mark (its install time on the first run) and
 * applies them, oldest first: a linked contact is updated, an unknown person becomes a contact (or is linked to
 * the one holding its e-mail or phone). A person we pushed reads back with our own values and changes nothing,
 * so nothing is pushed again. A failure stops at the last person applied; the next run resumes there.
 */
export async function pollInstallation(
  app: AppRecord,
  mark: string | undefined,
  deletedMark?: string,
): Promise<PollResult> {
  const client = crmClientOf(app);
  if (!client?.changedSince) return { applied: 0, unlinked: 0 };
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
    if (reached !== since || mark === undefined) await saveMark(app._id, 'mark', reached);
  }
  return { applied, mark: reached, ...(await pollDeletions(app, client, deletedMark)) };
}

/**
 * One installation's poll; a CRM refusing or down is logged and tried again on the next run. An entry whose
 * installation is gone (the migration wrote it while the app was being uninstalled) is removed.
 */
async function pollEntryOnce(entry: PollEntry): Promise<{ applied: number; unlinked: number }> {
  const installationId = entry.sk.slice('APP#'.length);
  const app = await getApp(entry.companyId, entry.name);
  if (app?._id !== installationId) {
    await clients().document.send(
      new DeleteCommand({ TableName: config().mainTable, Key: appKeys.poll(installationId) }),
    );
    return { applied: 0, unlinked: 0 };
  }
  try {
    const result = await pollInstallation(app, entry.mark, entry.deleted_mark);
    return { applied: result.applied, unlinked: result.unlinked };
  } catch (error) {
    if (!(error instanceof CrmRetryable) && !(error instanceof CrmRejected)) throw error;
    logger.warn('crm poll failed', { app: app._id, name: app.name, error: error.message });
    return { applied: 0, unlinked: 0 };
  }
}

/**
 * The schedule: every polled CRM installation, one after the other (each within its own rate limit), once the
 * migration gave the installations made before the entries existed theirs.
 */
export async function pollCrms(): Promise<{ installations: number; applied: number; unlinked: number }> {
  try {
    await backfillPollEntries();
  } catch (error) {
    // The installations with entries are still read; the migration resumes on the next run.
    logger.error('crm poll entries backfill failed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  const entries = (await queryAllByPrefix(appKeys.pollList, 'APP#')).flatMap((item) => {
    const parsed = pollEntry.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  let applied = 0;
  let unlinked = 0;
  for (const entry of entries) {
    try {
      const result = await pollEntryOnce(entry);
      applied += result.applied;
      unlinked += result.unlinked;
    } catch (error) {
      // One installation's unexpected failure must not starve the others; the next run retries it.
      logger.error('crm poll crashed', {
        installation: entry.sk,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (applied > 0 || unlinked > 0) {
    logger.info('crm persons applied', { installations: entries.length, applied, unlinked });
  }
  return { installations: entries.length, applied, unlinked };
}

export const handler = async () => pollCrms();
