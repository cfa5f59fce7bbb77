import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { clients } from '../clients.ts';
import { isLocalLockTimeout } from './local-lock-timeout.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The items of one transaction by name, in the order written. A name may stand for several items (a list of
 * derived index items); undefined or an empty list writes nothing.
 */
export type NamedItems = Record<string, TransactItem | readonly TransactItem[] | undefined>;

/** A transaction DynamoDB cancelled: which named items failed their condition, and whether another one raced it. */
export class TransactionCancelled extends Error {
  constructor(
    readonly failed: ReadonlySet<string>,
    /** Positions of the failed items within a name standing for a list, by name. */
    readonly failedWithin: ReadonlyMap<string, readonly number[]>,
    readonly conflicted: boolean,
    override readonly cause: unknown,
  ) {
    super(`transaction cancelled (${failed.size > 0 ? [...failed].join(', ') : 'conflict'})`);
    this.name = 'TransactionCancelled';
  }
}

/** Writes the named items in one TransactWriteItems; a cancellation throws TransactionCancelled naming them. */
export async function transactWrite(items: NamedItems): Promise<void> {
  const names: string[] = [];
  const writes: TransactItem[] = [];
  for (const [name, entry] of Object.entries(items)) {
    for (const item of entry === undefined ? [] : Array.isArray(entry) ? entry : [entry as TransactItem]) {
      names.push(name);
      writes.push(item);
    }
  }
  try {
    await clients().document.send(new TransactWriteCommand({ TransactItems: writes }));
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') throw error;
    const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
    const failedWithin = new Map<string, number[]>();
    reasons.forEach((reason, index) => {
      if (reason.Code !== 'ConditionalCheckFailed') return;
      const name = names[index] as string;
      failedWithin.set(name, [...(failedWithin.get(name) ?? []), index - names.indexOf(name)]);
    });
    const conflicted = reasons.some((reason) => reason.Code === 'TransactionConflict');
    throw new TransactionCancelled(new Set(failedWithin.keys()), failedWithin, conflicted, error);
  }
}

/** Whether `error` is a cancelled transaction whose item `name` failed its condition. */
export const conditionFailed = (error: unknown, name: string): boolean =>
  error instanceof TransactionCancelled && error.failed.has(name);

/** Whether any item of a cancelled transaction failed its condition. */
export const anyConditionFailed = (error: unknown): boolean =>
  error instanceof TransactionCancelled && error.failed.size > 0;

/** Another write touched one of the items at once: retrying re-checks every condition. */
export const isTransactionConflict = (error: unknown): boolean =>
  (error instanceof TransactionCancelled && error.conflicted) ||
  (error instanceof Error &&
    // DynamoDB Local's table-lock timeout (the client retries it first: local-lock-timeout.ts).
    (error.name === 'TransactionConflictException' || isLocalLockTimeout(error)));

/** A single write's condition failed (PutItem/UpdateItem/DeleteItem with a ConditionExpression). */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * Runs `write` again while it loses a race with another transaction (up to `attempts` times, with jittered
 * exponential backoff): each attempt re-checks every condition, so a retry never overwrites the winner.
 */
export async function retryOnConflict<T>(write: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    }
  }
}
