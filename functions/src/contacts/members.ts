import { queryAll } from '../lib/dynamo/query.ts';
import { contactKeys } from './keys.ts';

/** Ids of every contact holding a tag, or in a wallet (for a tag's or a wallet's removal). */
export async function contactsWith(companyId: string, kind: 'tag' | 'wallet', id: string): Promise<string[]> {
  const items = await queryAll({
    ...(kind === 'wallet' ? { IndexName: 'gsi2' } : {}),
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': kind === 'wallet' ? 'gsi2pk' : 'pk' },
    ExpressionAttributeValues: {
      ':pk':
        kind === 'wallet' ? contactKeys.walletContacts(companyId, id) : contactKeys.tagMembers(companyId, id),
    },
  });
  return items.flatMap((item) => {
    const customer = kind === 'wallet' ? item._id : item.customer;
    return typeof customer === 'string' ? [customer] : [];
  });
}
