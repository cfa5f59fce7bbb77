import type { EmployeeRecord } from '../account/records.ts';
import { employeeEntity, employeeSearchAttributes } from '../auth/entities.ts';
import type { TransactItem } from '../lib/dynamo/transaction.ts';
import { config } from '../lib/config.ts';

const EDITABLE = ['name', 'email', 'role', 'inactive', 'settings', 'disableInactivity'] as const;

/**
 * The write of an employee edit in one company: the profile with its search keys. A name or e-mail change
 * also changes the login account and the other companies' employee items (auth/account-items.ts).
 */
export function employeeUpdateItems(after: EmployeeRecord): TransactItem[] {
  const table = config().mainTable;
  const values: Record<string, unknown> = Object.fromEntries(
    EDITABLE.map((field) => [`:${field}`, after[field]]),
  );
  const search = employeeSearchAttributes(after);
  return [
    {
      Update: {
        TableName: table,
        Key: employeeEntity.key(after.company, after._id),
        UpdateExpression: `SET ${EDITABLE.map((field) => `#${field} = :${field}`).join(', ')}, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk, gsi3pk = :gsi3pk, gsi3sk = :gsi3sk`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(EDITABLE.map((field) => [`#${field}`, field])),
        ExpressionAttributeValues: {
          ...values,
          ':gsi2pk': search.gsi2pk,
          ':gsi2sk': search.gsi2sk,
          ':gsi3pk': search.gsi3pk,
          ':gsi3sk': search.gsi3sk,
        },
      },
    },
  ];
}
