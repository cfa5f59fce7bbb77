import { newObjectId } from '@atende/shared/domain/object-id';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { enqueueRefresh } from './queue.ts';
import { smartTagCatalogue } from './records.ts';
import { restartRun } from './store.ts';

/** Starts a new run of a stored smart tag (the daily run, after an import) and queues it. */
export async function startRun(companyId: string, tagId: string): Promise<void> {
  const run = newObjectId();
  if (await restartRun(companyId, tagId, run)) {
    await enqueueRefresh({ kind: 'refresh', companyId, smartTagId: tagId, run });
  }
}

/**
 * After a bulk change (an import), every smart tag of the company is recomputed in the background: cheaper
 * than re-evaluating row by row (the smart-tag consumer skips imported contacts' creation for it). A failure
 * is raised, so the import's message is redelivered and queues it again before the import reports done.
 */
export async function refreshCompanySmartTags(companyId: string): Promise<void> {
  for (const tag of await listCatalogue(smartTagCatalogue, companyId)) await startRun(companyId, tag._id);
}
