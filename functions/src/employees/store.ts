import { employeeEntity } from '../auth/entities.ts';
import { batchGet } from '../lib/dynamo/batch-get.ts';
import { countQuery } from '../lib/dynamo/query.ts';

/** The ids among `ids` that are employees of the company. */
export async function existingEmployeeIds(companyId: string, ids: readonly string[]): Promise<Set<string>> {
  const found = await batchGet(
    ids.map((id) => employeeEntity.key(companyId, id)),
    { attributes: ['_id'] },
  );
  return new Set([...found.values()].map((item) => String(item._id)));
}

/**
 * Active employees of the company, counted over the employees index. Used once per company to start the
 * active-user counter kept on the company item; from then on the counter moves with each change.
 */
export const countActiveEmployees = (companyId: string): Promise<number> =>
  countQuery(
    employeeEntity.indexQuery('all', [companyId], {
      FilterExpression: 'attribute_not_exists(inactive) OR inactive = :false',
      ExpressionAttributeValues: { ':false': false },
    }),
  );
