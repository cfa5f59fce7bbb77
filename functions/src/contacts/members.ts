import { queryAll } from '../lib/dynamo/query.ts';
import { customerEntity } from './entities.ts';
import { contactKeys } from './keys.ts';

/** Ids of every contact holding a tag, or in a wallet (for a tag's or a wallet's removal). */
export async function contactsWith(companyId: string, kind: 'tag' | 'wallet', id: string): Promise<string[]> {
  const items =
    kind === 'wallet'
      ? await customerEntity.queryAll('wallet', [companyId, id])
      : await queryAll({
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': contactKeys.tagMembers(companyId, id) },
        });
  return items.flatMap((item) => {
    const customer = kind === 'wallet' ? item._id : item.customer;
    return typeof customer === 'string' ? [customer] : [];
  });
}
