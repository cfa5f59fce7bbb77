import { BatchGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import type { CompanyRecord, EmployeeRecord } from '../account/records.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Conflict } from '../lib/errors.ts';
import { membershipItems, newAccountItems, passwordItems, type TransactItem } from './account-items.ts';
import type { Account } from './accounts.ts';
import { failedConditions } from './conditions.ts';
import { employeeSearchAttributes, keys } from './keys.ts';
import type { SessionRef } from './session-store.ts';

/** The employee item of a company: its profile with the list and search index attributes. */
function employeePut(employee: EmployeeRecord): TransactItem {
  return {
    Put: {
      TableName: config().mainTable,
      Item: {
        ...keys.employee(employee.company, employee._id),
        gsi1pk: keys.employeesIndex(employee.company),
        gsi1sk: employee._id,
        ...employeeSearchAttributes(employee),
        entity: 'employee',
        ...employee,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The writes that create one employee together with a new login account (its e-mail unique across companies). */
export function employeeItems(employee: EmployeeRecord, passwordHash: string): TransactItem[] {
  return [...newAccountItems(employee, passwordHash), employeePut(employee)];
}

/**
 * The writes that make an existing account an employee of one more company: [0] the account is unchanged,
 * [1] it is not in this company yet, [2] the employee item.
 */
export function linkedEmployeeItems(account: Account, employee: EmployeeRecord): TransactItem[] {
  return [...membershipItems(account, employee), employeePut(employee)];
}

export function companyItem(company: CompanyRecord): TransactItem {
  return {
    Put: {
      TableName: config().mainTable,
      Item: { ...keys.company(company._id), entity: 'company', ...company },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Writes everything in one transaction; an e-mail already claimed (or an existing id) is a 409. */
export async function writeAtomically(items: TransactItem[]): Promise<void> {
  try {
    await clients().document.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (failedConditions(error).length > 0) throw new Conflict(AUTH_MESSAGES.emailInUse, 'email');
    throw error;
  }
}

export interface AuthorizerView {
  session: { revoked: boolean; expiresAt: number } | undefined;
  employee: { inactive: boolean; role: string } | undefined;
  company: { disabled: boolean } | undefined;
}

/** Everything the authorizer needs, in one BatchGetItem round trip. */
export async function readForAuthorizer(session: SessionRef): Promise<AuthorizerView> {
  const table = config().mainTable;
  const wanted = [
    keys.session(session.companyId, session.employeeId, session.sessionId),
    keys.employee(session.companyId, session.employeeId),
    keys.company(session.companyId),
  ];
  const found: Record<string, unknown>[] = [];
  let pending: Record<string, unknown>[] = wanted;
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt += 1) {
    const result = await clients().document.send(
      new BatchGetCommand({
        RequestItems: {
          [table]: {
            Keys: pending,
            ConsistentRead: true,
            ProjectionExpression: 'pk, sk, revokedAt, expiresAt, inactive, #role, account_disabled',
            ExpressionAttributeNames: { '#role': 'role' },
          },
        },
      }),
    );
    found.push(...(result.Responses?.[table] ?? []));
    pending = result.UnprocessedKeys?.[table]?.Keys ?? [];
  }
  if (pending.length > 0) throw new Error('authorizer lookup left unprocessed keys');
  const item = (key: { pk: string; sk: string }) =>
    found.find((entry) => entry.pk === key.pk && entry.sk === key.sk);
  const [sessionKey, employeeKey, companyKey] = wanted as [
    { pk: string; sk: string },
    { pk: string; sk: string },
    { pk: string; sk: string },
  ];
  const sessionItem = item(sessionKey);
  const employeeItem = item(employeeKey);
  const companyItem = item(companyKey);
  return {
    session: sessionItem
      ? { revoked: sessionItem.revokedAt !== undefined, expiresAt: Number(sessionItem.expiresAt) }
      : undefined,
    employee: employeeItem
      ? { inactive: employeeItem.inactive === true, role: String(employeeItem.role) }
      : undefined,
    company: companyItem ? { disabled: companyItem.account_disabled === true } : undefined,
  };
}

/** Replaces the account's password (see passwordItems); false when the stored hash is no longer the verified one. */
export async function replacePassword(
  account: Account,
  verifiedHash: string,
  newHash: string,
): Promise<boolean> {
  try {
    await clients().document.send(
      new TransactWriteCommand({ TransactItems: passwordItems(account, verifiedHash, newHash) }),
    );
    return true;
  } catch (error) {
    if (failedConditions(error).length > 0) return false;
    throw error;
  }
}
