import { createHash } from 'node:crypto';
import type { ImportMapping } from '@atende/shared/contracts/contacts/imports';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import type { ContactInput, InputContext } from '../contacts/input.ts';
import { checkContactInput } from '../contacts/input.ts';
import { customerEntity } from '../contacts/entities.ts';
import { newClaimItems, newDerivedPuts, newProfilePut } from '../contacts/new-contact.ts';
import type { ContactRecord } from '../contacts/records.ts';
import { applyFields, newContactRecord } from '../contacts/service.ts';
import { foldText } from '../contacts/text.ts';
import { batchGet, type Item, type ItemKey, itemOf } from '../lib/dynamo/batch-get.ts';
import type { TransactItem } from '../lib/dynamo/transaction.ts';
import { outcomeUnit, type Unit, writeRows } from './import-writes.ts';
import type { ImportJob, RowOutcome } from './jobs.ts';

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
 * The contact id of a row: the same on every run of the import, so a run that resumes after a crash finds the
 * claims and the profile it already wrote as its own instead of taking them for duplicates.
 */
export const importedContactId = (jobId: string, row: number) =>
  `${jobId.slice(0, 8)}${createHash('sha1').update(`${jobId}#${row}`).digest('hex').slice(0, 16)}`;

type Prepared = { outcome: RowOutcome } | { record: ContactRecord };

function prepare(job: ImportJob, index: number, row: Record<string, string>, context: RowContext): Prepared {
  const number = index + 1;
  const refused = (field: string, reason: string): Prepared => ({
    outcome: { row: number, status: 'error', field, reason, raw: row },
  });
  const { input, unknownTag } = rowInput(job, job.mapping, row, context);
  if (unknownTag) return refused('tags', `${contactsPtBR.tagNotFound} (${unknownTag})`);
  const checked = checkContactInput(input, context);
  if (!checked.ok) return refused(checked.field, checked.message);
  const now = new Date().toISOString();
  const record = applyFields(
    {
      ...newContactRecord(job.company, now, job.created_by, 'import'),
      _id: importedContactId(job._id, number),
      // Smart tags skip the creation events of imported contacts: the import's end recomputes them all.
      import_job: job._id,
    },
    checked.fields,
    now,
  );
  return { record };
}

interface Candidate {
  row: number;
  record: ContactRecord;
  claims: { field: 'cel_phone' | 'email'; item: TransactItem; key: ItemKey }[];
}

const claimKey = (item: TransactItem): ItemKey => ({
  pk: String(item.Put?.Item?.pk),
  sk: String(item.Put?.Item?.sk),
});

/** BatchGetItem's keys per call, read side by side. */
const READ_BATCH = 100;

async function readMany(keys: readonly ItemKey[], attributes: string[]): Promise<ReadonlyMap<string, Item>> {
  const parts: ItemKey[][] = [];
  for (let start = 0; start < keys.length; start += READ_BATCH)
    parts.push(keys.slice(start, start + READ_BATCH));
  const found = await Promise.all(parts.map((part) => batchGet(part, { attributes })));
  return new Map(found.flatMap((map) => [...map]));
}

const created = (row: number, record: ContactRecord): RowOutcome => ({
  row,
  status: 'created',
  customer: record._id,
});

/**
 * Splits candidates by what the table holds, read in a few BatchGets before any write: a claim another
 * contact holds makes the row a duplicate at once; a row whose profile exists (its claims show it, or it has
 * none) was written by an earlier run; the rest are to be written.
 */
async function sortCandidates(job: ImportJob, candidates: readonly Candidate[]) {
  const holders = await readMany(
    candidates.flatMap((candidate) => candidate.claims.map((claim) => claim.key)),
    ['customer'],
  );
  const outcomes: RowOutcome[] = [];
  const toCheck: Candidate[] = [];
  const toWrite: Candidate[] = [];
  for (const candidate of candidates) {
    const held = candidate.claims.map((claim) => itemOf(holders, claim.key)?.customer);
    const taken = candidate.claims.find(
      (_, at) => held[at] !== undefined && held[at] !== candidate.record._id,
    );
    if (taken) {
      const reason = contactsPtBR.importDuplicate;
      outcomes.push({ row: candidate.row, status: 'duplicate', field: taken.field, reason });
    } else if (candidate.claims.length === 0 || held.includes(candidate.record._id)) toCheck.push(candidate);
    else toWrite.push(candidate);
  }
  const profileKey = (candidate: Candidate) => customerEntity.key(job.company, candidate.record._id);
  const profiles = await readMany(toCheck.map(profileKey), ['_id']);
  for (const candidate of toCheck) {
    if (itemOf(profiles, profileKey(candidate))) outcomes.push(created(candidate.row, candidate.record));
    else toWrite.push(candidate);
  }
  return { outcomes, toWrite };
}

const contactUnit = (candidate: Candidate): Unit => ({
  outcome: created(candidate.row, candidate.record),
  steps: [
    ...candidate.claims.map(({ field, item }) => ({ item, failure: field })),
    { item: newProfilePut(candidate.record), failure: 'written' as const },
    ...newDerivedPuts(candidate.record).map((item) => ({ item })),
  ],
});

/**
 * A group of rows, no two claiming one phone or e-mail (a later row claiming what an earlier one of the group
 * does is a duplicate at once): bad rows become errors with their reason, rows whose phone or e-mail another
 * contact holds become duplicates, rows an earlier run wrote are found written, and the rest are written in
 * full transactions side by side, each row's claims, profile and index items together. Refused and duplicate
 * rows get an outcome item (the error report); created rows are known by their contact. Answers every row's
 * outcome, the same on every run over the same rows.
 */
export async function importGroup(
  job: ImportJob,
  entries: readonly (readonly [number, Record<string, string>])[],
  context: RowContext,
): Promise<RowOutcome[]> {
  const raw = new Map(entries.map(([index, row]) => [index + 1, row]));
  const claimed = new Set<string>();
  const refused: RowOutcome[] = [];
  const candidates: Candidate[] = [];
  for (const [index, row] of entries) {
    const prepared = prepare(job, index, row, context);
    if ('outcome' in prepared) {
      refused.push(prepared.outcome);
      continue;
    }
    const claims = newClaimItems(prepared.record).map((claim) => ({ ...claim, key: claimKey(claim.item) }));
    const ids = claims.map(({ key }) => `${key.pk}|${key.sk}`);
    const repeated = claims.find((_, position) => claimed.has(ids[position] as string));
    for (const id of ids) claimed.add(id);
    if (repeated) {
      const reason = contactsPtBR.importDuplicate;
      refused.push({ row: index + 1, status: 'duplicate', field: repeated.field, reason });
    } else candidates.push({ row: index + 1, record: prepared.record, claims });
  }
  const sorted = await sortCandidates(job, candidates);
  const outcomes = [...refused, ...sorted.outcomes].map((outcome) =>
    outcome.status === 'created' ? outcome : { ...outcome, raw: raw.get(outcome.row) },
  );
  const units = [
    ...outcomes.filter((outcome) => outcome.status !== 'created').map((outcome) => outcomeUnit(job, outcome)),
    ...sorted.toWrite.map(contactUnit),
  ];
  const written = await writeRows(job, units, raw);
  const result = [...outcomes.filter((outcome) => outcome.status === 'created'), ...written];
  return result.sort((a, b) => a.row - b.row);
}
