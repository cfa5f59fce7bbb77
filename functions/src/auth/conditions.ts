import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Indexes of the transaction items whose condition failed (none when the error is something else). */
export const failedConditions = (error: unknown): number[] =>
  error instanceof Error && error.name === 'TransactionCanceledException'
    ? ((error as TransactionCanceledException).CancellationReasons ?? []).flatMap((reason, index) =>
        reason.Code === 'ConditionalCheckFailed' ? [index] : [],
      )
    : [];

export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';
