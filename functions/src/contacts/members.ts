import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { contactKeys } from './keys.ts';

/** Ids of every contact holding a tag, or in a wallet (for a tag's or a wallet's removal). */
export async function contactsWith(companyId: string, kind: 'tag' | 'wallet', id: string): Promise<string[]> {
  const ids: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await clients().document.send(
      new QueryCommand({
        TableName: config().mainTable,
        ...(kind === 'wallet' ? { IndexName: 'gsi2' } : {}),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': kind === 'wallet' ? 'gsi2pk' : 'pk' },
        ExpressionAttributeValues: {
          ':pk':
            kind === 'wallet'
              ? contactKeys.walletContacts(companyId, id)
              : contactKeys.tagMembers(companyId, id),
        },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const customer = kind === 'wallet' ? item._id : item.customer;
      if (typeof customer === 'string') ids.push(customer);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return ids;
}
