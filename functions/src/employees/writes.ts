import type { EmployeeRecord } from '../account/records.ts';
import { employeeSearchAttributes, keys } from '../auth/keys.ts';
import type { TransactItem } from '../company/store.ts';
import { config } from '../lib/config.ts';

const EDITABLE = ['name', 'email', 'role', 'inactive', 'settings', 'disableInactivity'] as const;

/**
 * The writes of an employee edit: the profile (with its search keys) and, when the e-mail changes, the
 * global e-mail claim moved atomically (the new one must be free, the old one must still be this employee's).
 * The first item's condition failing means the employee is gone; a later one, that the e-mail is taken.
 */
export function employeeUpdateItems(before: EmployeeRecord, after: EmployeeRecord): TransactItem[] {
  const table = config().mainTable;
  const values: Record<string, unknown> = Object.fromEntries(
    EDITABLE.map((field) => [`:${field}`, after[field]]),
  );
  const search = employeeSearchAttributes(after);
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: keys.employee(after.company, after._id),
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
  if (before.email !== after.email) {
    items.push(
      {
        Delete: {
          TableName: table,
          Key: keys.email(before.email),
          ConditionExpression: 'employeeId = :employee',
          ExpressionAttributeValues: { ':employee': before._id },
        },
      },
      {
        Put: {
          TableName: table,
          Item: { ...keys.email(after.email), companyId: after.company, employeeId: after._id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    );
  }
  return items;
}
