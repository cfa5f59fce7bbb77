import type { ImportMapping } from '@atende/shared/contracts/contacts/imports';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { ContactInput, InputContext } from '../contacts/input.ts';
import { checkContactInput } from '../contacts/input.ts';
import { applyFields, newContactRecord } from '../contacts/service.ts';
import { writeContact } from '../contacts/store.ts';
import { foldText } from '../contacts/text.ts';
import { Conflict } from '../lib/errors.ts';
import { type ImportJob, outcomeItem, putOutcome, type RowOutcome } from './jobs.ts';

/** A row another run already wrote: nothing more to do for it. */
class RowDone extends Error {}

export interface RowContext extends InputContext {
  /** Folded tag name → tag id, for the tags column. */
  tagsByName: ReadonlyMap<string, string>;
}

function rowInput(job: ImportJob, mapping: ImportMapping, row: Record<string, string>, context: RowContext) {
  const cell = (header: string | undefined) =>
    header === undefined ? undefined : (row[header] ?? '').trim();
  const names = (cell(mapping.tags) ?? '')
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.find((name) => !context.tagsByName.has(foldText(name)));
  const input: ContactInput = {
    full_name: cell(mapping.full_name) ?? '',
    tags: [...job.tags, ...names.flatMap((name) => context.tagsByName.get(foldText(name)) ?? [])],
    wallet: job.wallet,
  };
  const phone = cell(mapping.cel_phone);
  if (phone) input.cel_phone = phone;
  const email = cell(mapping.email);
  if (email) input.email = email;
  const custom = Object.entries(mapping.custom_fields ?? {}).flatMap(([key, header]) => {
    const value = cell(header);
    return value ? [[key, value] as const] : [];
  });
  if (custom.length > 0) input.custom_fields = Object.fromEntries(custom);
  return { input, unknownTag: unknown };
}

/**
 * One data row, exactly once: the contact and the row's idempotency item are written in one transaction, so a
 * redelivered chunk skips rows already imported; a phone or e-mail another contact holds makes the row a
 * duplicate (dedup against the base and within the file); a bad value makes it an error with its reason.
 */
export async function importRow(
  job: ImportJob,
  index: number,
  row: Record<string, string>,
  context: RowContext,
): Promise<void> {
  const number = index + 1;
  const { input, unknownTag } = rowInput(job, job.mapping, row, context);
  const refuse = (status: RowOutcome['status'], field: string, reason: string) =>
    putOutcome(job.company, job._id, { row: number, status, field, reason, raw: row });
  if (unknownTag) return refuse('error', 'tags', `${ptBR.contacts.tagNotFound} (${unknownTag})`);
  const checked = checkContactInput(input, context);
  if (!checked.ok) return refuse('error', checked.field, checked.message);
  const now = new Date().toISOString();
  const record = applyFields(newContactRecord(job.company, now, job.created_by), checked.fields, now);
  record.channel = record.cel_phone ? 'whatsapp' : record.email ? 'email' : 'undefined';
  const outcome: RowOutcome = { row: number, status: 'created', customer: record._id };
  try {
    await writeContact(undefined, record, {
      actor: job.created_by,
      extra: [{ item: { Put: outcomeItem(job.company, job._id, outcome) }, conflict: new RowDone() }],
    });
  } catch (error) {
    if (error instanceof RowDone) return;
    if (error instanceof Conflict)
      return refuse('duplicate', error.field ?? '', ptBR.contacts.importDuplicate);
    throw error;
  }
}
