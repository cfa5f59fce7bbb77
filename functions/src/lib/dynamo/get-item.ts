import { GetCommand } from '@aws-sdk/lib-dynamodb';
import DataLoader from 'dataloader';
import { batchScoped } from '../batch-memo.ts';
import { clients } from '../clients.ts';
import { config } from '../config.ts';
import { batchGet, type Item, type ItemKey, itemOf } from './batch-get.ts';

export interface GetItemOptions {
  /** Strongly consistent (the default). */
  consistent?: boolean;
  table?: string;
}

/**
 * Reads one item. Inside a consumer batch (`inBatch`), the reads its records make in the same turn of the
 * event loop go out as one BatchGetItem (DataLoader, no cache: every read is a new read, as strongly
 * consistent as a GetItem): the records of a batch run side by side through the same steps, so ten records'
 * "read the customer" cost one request instead of ten. Outside a batch it is a GetItem.
 */
export async function getItem(key: ItemKey, options: GetItemOptions = {}): Promise<Item | undefined> {
  const table = options.table ?? config().mainTable;
  const consistent = options.consistent ?? true;
  const loader = batchScoped(
    `get-item\u0000${table}\u0000${consistent}`,
    () =>
      new DataLoader<ItemKey, Item | undefined>(
        async (keys) => {
          const found = await batchGet(keys, { table, consistent });
          return keys.map((asked) => itemOf(found, asked));
        },
        { cache: false, maxBatchSize: 100 },
      ),
  );
  if (loader) return loader.load({ pk: key.pk, sk: key.sk });
  const { Item: found } = await clients().document.send(
    new GetCommand({ TableName: table, Key: key, ConsistentRead: consistent }),
  );
  return found;
}
