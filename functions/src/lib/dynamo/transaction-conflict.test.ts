import { describe, expect, it } from 'vitest';
import { isTransactionConflict, TransactionCancelled } from './transaction.ts';

describe('what a retry can fix', () => {
  it('is a conflict with another write, or DynamoDB Local giving up on its table lock', () => {
    const conflict = Object.assign(new Error('Transaction is ongoing for the item'), {
      name: 'TransactionConflictException',
    });
    const lockTimeout = new Error(
      'This action timed out because it too long waiting for a lock. This request will succeed in actual DynamoDB API',
    );
    expect(isTransactionConflict(conflict)).toBe(true);
    expect(isTransactionConflict(lockTimeout)).toBe(true);
    expect(isTransactionConflict(new TransactionCancelled(new Set(), new Map(), true, undefined))).toBe(true);
    expect(
      isTransactionConflict(new TransactionCancelled(new Set(['marker']), new Map(), false, undefined)),
    ).toBe(false);
    expect(isTransactionConflict(new Error('ValidationException'))).toBe(false);
  });
});
