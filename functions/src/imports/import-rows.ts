import { createHash } from 'node:crypto';
import type { ImportMapping } from '@atende/shared/contracts/contacts/imports';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { ContactInput, InputContext } from '../contacts/input.ts';
import { checkContactInput } from '../contacts/input.ts';
import { newClaimItems, newContactItems } from '../contacts/new-contact.ts';
import type { ContactRecord } from '../contacts/records.ts';
import {
  isTransactionConflict,
  TransactionCancelled,
  type TransactItem,
  transactWrite,
} from '../lib/dynamo/transaction.ts';
import { applyFields, newContactRecord } from '../contacts/service.ts';
import { foldText } from '../contacts/text.ts';
import { config } from '../lib/config.ts';
import { type ImportJob, outcomeRecord, type RowOutcome } from './jobs.ts';

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
 * claims it already made as its own (and rewrites the same contact) instead of taking them for duplicates.
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
  if (unknownTag) return refused('tags', `${ptBR.contacts.tagNotFound} (${unknownTag})`);
  const checked = checkContactInput(input, context);
  if (!checked.ok) return refused(checked.field, checked.message);
  const now = new Date().toISOString();
  const record = applyFields(
    { ...newContactRecord(job.company, now, job.created_by), _id: importedContactId(job._id, number) },
    checked.fields,
    now,
  );
  return { record };
}

/** What a failed condition on a step means for its row. */
type Failure = 'cel_phone' | 'email' | 'done';

/** A row's writes, all or nothing: its claims, its contact and its outcome item (the row's done mark). */
interface Unit {
  outcome: RowOutcome;
  steps: { item: TransactItem; failure: Failure }[];
}

const outcomePut = (job: ImportJob, outcome: RowOutcome): Unit['steps'][number] => ({
  item: {
    Put: {
      TableName: config().mainTable,
      Item: outcomeRecord(job.company, job._id, outcome),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
  failure: 'done',
});

const outcomeUnit = (job: ImportJob, outcome: RowOutcome): Unit => ({
  outcome,
  steps: [outcomePut(job, outcome)],
});

function contactUnit(job: ImportJob, row: number, record: ContactRecord): Unit {
  const outcome: RowOutcome = { row, status: 'created', customer: record._id };
  return {
    outcome,
    steps: [
      ...newClaimItems(record).map(({ field, item }) => ({ item, failure: field })),
      ...newContactItems(record).map((Item) => ({
        item: { Put: { TableName: config().mainTable, Item } },
        failure: 'done' as const,
      })),
      outcomePut(job, outcome),
    ],
  };
}

/**
 * Writes several rows in one transaction. A claim another contact holds cancels it and names the step: that
 * row becomes a duplicate and the transaction goes again; a row whose outcome exists was written by another
 * run and is left out (the caller reads its outcome back).
 */
async function writeUnits(job: ImportJob, units: Unit[], raw: ReadonlyMap<number, Record<string, string>>) {
  let pending = units;
  let raced = false;
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    const steps = pending.flatMap((unit) => unit.steps.map((step) => ({ unit, step })));
    try {
      await transactWrite({ steps: steps.map((s) => s.step.item) });
      break;
    } catch (error) {
      const positions = error instanceof TransactionCancelled ? (error.failedWithin.get('steps') ?? []) : [];
      const failed = positions.flatMap((index) => steps[index] ?? []);
      if (failed.length === 0) {
        if (!isTransactionConflict(error) || attempt >= 8) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
        continue;
      }
      const changed = new Map<Unit, Unit | undefined>();
      for (const { unit, step } of failed) {
        if (changed.has(unit)) continue;
        if (step.failure === 'done') {
          raced = true;
          changed.set(unit, undefined);
        } else {
          const { row } = unit.outcome;
          const reason = ptBR.contacts.importDuplicate;
          const outcome: RowOutcome = {
            row,
            status: 'duplicate',
            field: step.failure,
            reason,
            raw: raw.get(row),
          };
          changed.set(unit, outcomeUnit(job, outcome));
        }
      }
      pending = pending.flatMap((unit) => (changed.has(unit) ? (changed.get(unit) ?? []) : [unit]));
    }
  }
  return { outcomes: pending.map((unit) => unit.outcome), raced };
}

/**
 * Rows per transaction are packed up to this many writes: enough to share one commit, few enough that several
 * transactions commit side by side.
 */
const ITEMS_PER_TRANSACTION = 50;

function pack(units: readonly Unit[]): Unit[][] {
  const packs: Unit[][] = [];
  let current: Unit[] = [];
  let size = 0;
  for (const unit of units) {
    if (current.length > 0 && size + unit.steps.length > ITEMS_PER_TRANSACTION) {
      packs.push(current);
      current = [];
      size = 0;
    }
    current.push(unit);
    size += unit.steps.length;
  }
  if (current.length > 0) packs.push(current);
  return packs;
}

/**
 * A group of rows, no two claiming one phone or e-mail (a later row claiming what an earlier one of the group
 * does is a duplicate at once): bad rows become errors with their reason, the rest are written in
 * transactions side by side, each row with its claims (dedup against the base and earlier groups of the file),
 * its contact and its outcome item, so a row is done exactly when its contact is in. Answers the outcomes, and
 * whether another run wrote some rows meanwhile (their outcomes are then only known by reading them back).
 */
export async function importGroup(
  job: ImportJob,
  entries: readonly (readonly [number, Record<string, string>])[],
  context: RowContext,
): Promise<{ outcomes: RowOutcome[]; raced: boolean }> {
  const raw = new Map(entries.map(([index, row]) => [index + 1, row]));
  const claimed = new Set<string>();
  const units = entries.map(([index, row]): Unit => {
    const prepared = prepare(job, index, row, context);
    if ('outcome' in prepared) return outcomeUnit(job, prepared.outcome);
    const claims = newClaimItems(prepared.record);
    const keys = claims.map(({ item }) => `${String(item.Put?.Item?.pk)}|${String(item.Put?.Item?.sk)}`);
    const repeated = claims.find((_, position) => claimed.has(keys[position] as string));
    for (const key of keys) claimed.add(key);
    if (repeated) {
      const reason = ptBR.contacts.importDuplicate;
      return outcomeUnit(job, {
        row: index + 1,
        status: 'duplicate',
        field: repeated.field,
        reason,
        raw: row,
      });
    }
    return contactUnit(job, index + 1, prepared.record);
  });
  const results = await Promise.all(pack(units).map((part) => writeUnits(job, part, raw)));
  return {
    outcomes: results.flatMap((result) => result.outcomes),
    raced: results.some((result) => result.raced),
  };
}
