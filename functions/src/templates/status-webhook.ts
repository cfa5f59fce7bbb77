import { companyRoom } from '@atende/shared/realtime/rooms';
import { logger } from '../lib/logger.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { specStatus } from './provider-sync.ts';
import { listTemplateRecords, putTemplates } from './store.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Meta's `message_template_status_update` events as the template's new spec status. REINSTATED puts a paused
 * template back in use; FLAGGED only warns (the template stays usable until Meta pauses it), so it changes
 * nothing here.
 */
function statusOf(event: string) {
  const upper = event.toUpperCase();
  if (upper === 'FLAGGED') return undefined;
  return specStatus(upper === 'REINSTATED' ? 'APPROVED' : upper);
}

/**
 * Applies the template status changes of a Cloud API webhook to the integration's stored templates (found by
 * name and language, the template's identity). A template not stored here yet is left to the next sync.
 * Answers how many templates changed.
 */
export async function applyTemplateStatuses(
  companyId: string,
  integrationId: string,
  payload: unknown,
  now = new Date(),
): Promise<number> {
  if (!isRecord(payload) || !Array.isArray(payload.entry)) return 0;
  const changes = payload.entry.flatMap((entry) =>
    isRecord(entry) && Array.isArray(entry.changes)
      ? entry.changes.filter(
          (change): change is { value: Record<string, unknown> } =>
            isRecord(change) && change.field === 'message_template_status_update' && isRecord(change.value),
        )
      : [],
  );
  if (changes.length === 0) return 0;
  const stored = await listTemplateRecords(companyId, integrationId);
  let changed = 0;
  for (const { value } of changes) {
    const status = typeof value.event === 'string' ? statusOf(value.event) : undefined;
    const template = stored.find(
      (item) =>
        item.name === value.message_template_name && item.language === value.message_template_language,
    );
    if (!status || !template || template.status === status) continue;
    await putTemplates(companyId, [{ ...template, status, updated_at: now.toISOString() }]);
    template.status = status;
    changed += 1;
    logger.info('template status changed by webhook', { integrationId, name: template.name, status });
    await publishToRoom(companyId, companyRoom(companyId), 'template-status', {
      integration: integrationId,
      template: template._id,
      name: template.name,
      language: template.language,
      status,
    }).catch((error: unknown) => {
      // Best effort: the page shows the stored status on its next load either way.
      logger.warn('template status not published', {
        integrationId,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }
  return changed;
}
