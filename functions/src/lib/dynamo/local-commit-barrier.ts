import { type DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/**
 * DynamoDB Local (1.25.x) answers a TransactWriteItems before its SQLite COMMIT has run:
 * `SQLiteDBAccess.commitTransaction` puts the COMMIT on its single-threaded SQLite queue and returns without
 * waiting for it, while every other operation waits for its own job. A `kill -9` of the emulator in that window
 * loses a transaction the caller was told succeeded (a campaign recipient's claim went back to `pending` and the
 * recipient was sent twice). DynamoDB itself never does this. Against the emulator only (an endpoint override),
 * each transaction's answer is therefore held until a ListTables queued behind its COMMIT returns: the queue
 * runs jobs in order, so the COMMIT ran first.
 */
export function awaitLocalTransactionCommits(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'TransactWriteItemsCommand') {
        await client.send(new ListTablesCommand({ Limit: 1 }));
      }
      return result;
    },
    { step: 'initialize', name: 'awaitLocalTransactionCommits' },
  );
}
