import { type DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/**
 * One barrier call for every caller that asks while another is on the wire: a caller's barrier must be sent
 * after its own request was answered, so it cannot join the one already sent, but everyone asking until that
 * one returns shares the next. At most one is in flight; under a burst of transactions it is one call per
 * round trip instead of one per transaction.
 */
export function sharedBarrier(send: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  let waiting: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const sent = send();
    running = sent;
    sent.then(
      () => {
        if (running === sent) running = undefined;
      },
      () => {
        if (running === sent) running = undefined;
      },
    );
    return sent.then(() => undefined);
  };
  return () => {
    const current = running;
    if (!current) return start();
    waiting ??= current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        waiting = undefined;
        return start();
      });
    return waiting;
  };
}

/**
 * DynamoDB Local (1.25.x) answers a TransactWriteItems before its SQLite COMMIT has run:
 * `SQLiteDBAccess.commitTransaction` puts the COMMIT on its single-threaded SQLite queue and returns without
 * waiting for it, while every other operation waits for its own job. A `kill -9` of the emulator in that window
 * loses a transaction the caller was told succeeded (a campaign recipient's claim went back to `pending` and the
 * recipient was sent twice). DynamoDB itself never does this. Against the emulator only (an endpoint override),
 * each transaction's answer is therefore held until a ListTables queued behind its COMMIT returns: the queue
 * runs jobs in order, so the COMMIT ran first. Transactions answered while a ListTables is out share the next.
 */
export function awaitLocalTransactionCommits(client: DynamoDBClient): void {
  const barrier = sharedBarrier(() => client.send(new ListTablesCommand({ Limit: 1 })));
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'TransactWriteItemsCommand') await barrier();
      return result;
    },
    { step: 'initialize', name: 'awaitLocalTransactionCommits' },
  );
}
