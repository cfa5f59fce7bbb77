import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * DynamoDB Local writes under one lock per table and gives up on a request that waited for it too long, with
 * "This action timed out because it too long waiting for a lock. This request will succeed in actual DynamoDB
 * API": nothing was written, and DynamoDB itself has no such lock.
 */
export const LOCAL_LOCK_TIMEOUT = 'too long waiting for a lock';

export const isLocalLockTimeout = (error: unknown): boolean =>
  error instanceof Error && error.message.includes(LOCAL_LOCK_TIMEOUT);

/**
 * Against the emulator only (an endpoint override), a request that timed out waiting for its table lock is
 * sent again (jittered exponential backoff, `attempts` in all), whatever the command: under a bulk import every
 * write, read of a lock or ListTables could otherwise fail an attempt that would succeed in AWS (a contact
 * import's checkpoint did, and waited out its queue's 15-minute visibility timeout).
 */
export function retryLocalLockTimeouts(client: DynamoDBClient, attempts = 8): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await next(args);
        } catch (error) {
          if (!isLocalLockTimeout(error) || attempt >= attempts) throw error;
          await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt * Math.random()));
        }
      }
    },
    { step: 'initialize', name: 'retryLocalLockTimeouts', priority: 'high' },
  );
}
