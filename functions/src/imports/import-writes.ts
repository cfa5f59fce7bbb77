import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import { mapLimited } from '../lib/concurrency.ts';
import { config } from '../lib/config.ts';
import {
  isTransactionConflict,
  TransactionCancelled,
  type TransactItem,
  transactWrite,
} from '../lib/dynamo/transaction.ts';
import { type ImportJob, outcomeRecord, type RowOutcome } from './jobs.ts';

/**
 * What a failed condition on a step means for its row: a claim another contact holds makes it a duplicate;
 * its profile already there means another run of the import wrote the row (with the same id) first.
 */
export type Failure = 'cel_phone' | 'email' | 'written';

/** A row's writes, all in one transaction: a new contact's claims, profile and index items, or an outcome. */
export interface Unit {
  outcome: RowOutcome;
  steps: { item: TransactItem; failure?: Failure }[];
}

/** A refused or duplicate row's outcome item, which the error report reads (created rows have none). */
export const outcomeUnit = (job: ImportJob, outcome: RowOutcome): Unit => ({
  outcome,
  steps: [
    { item: { Put: { TableName: config().mainTable, Item: outcomeRecord(job.company, job._id, outcome) } } },
  ],
});

/**
 * Writes several rows in one transaction. A claim another contact holds cancels it and names the step: that
 * row becomes a duplicate and the transaction goes again; a row whose profile exists was written by another
 * run and is left out (it stays created). Answers every unit's outcome.
 */
async function writeUnits(job: ImportJob, units: Unit[], raw: ReadonlyMap<number, Record<string, string>>) {
  let pending = units;
  const written: RowOutcome[] = [];
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
        if (!step.failure) throw error;
        if (step.failure === 'written') {
          written.push(unit.outcome);
          changed.set(unit, undefined);
        } else if (!changed.has(unit)) {
          const { row } = unit.outcome;
          const reason = contactsPtBR.importDuplicate;
          const field = step.failure;
          changed.set(unit, outcomeUnit(job, { row, status: 'duplicate', field, reason, raw: raw.get(row) }));
        }
      }
      pending = pending.flatMap((unit) => (changed.has(unit) ? (changed.get(unit) ?? []) : [unit]));
    }
  }
  return [...written, ...pending.map((unit) => unit.outcome)];
}

/**
 * Rows per transaction are packed up to DynamoDB's limit of writes: DynamoDB Local commits a transaction at
 * the cost of a few single writes, so the fuller each one, the more rows per second.
 */
const ITEMS_PER_TRANSACTION = 100;

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
 * Transactions in flight at once. Past a few, DynamoDB only queues them (and DynamoDB Local times a queued one
 * out on its item locks), so a large group goes a few transactions at a time.
 */
const TRANSACTIONS_IN_FLIGHT = 6;

/** Writes the units in full transactions, a few side by side; answers their rows' outcomes. */
export async function writeRows(
  job: ImportJob,
  units: readonly Unit[],
  raw: ReadonlyMap<number, Record<string, string>>,
): Promise<RowOutcome[]> {
  const results = await mapLimited(pack(units), TRANSACTIONS_IN_FLIGHT, (part) => writeUnits(job, part, raw));
  return results.flat();
}
