import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import type { CompanyRecord, EmployeeRecord } from '../account/records.ts';
import { batchGet, itemOf } from '../lib/dynamo/batch-get.ts';
import { anyConditionFailed, transactWrite } from '../lib/dynamo/transaction.ts';
import { config } from '../lib/config.ts';
import { Conflict } from '../lib/errors.ts';
import { membershipItems, newAccountItems, passwordItems, type TransactItem } from './account-items.ts';
import type { Account } from './accounts.ts';
import { employeeEntity } from './entities.ts';
import { keys } from './keys.ts';
import type { SessionRef } from './session-store.ts';

/** The employee item of a company: its profile with the list and search index attributes. */
function employeePut(employee: EmployeeRecord): TransactItem {
  return employeeEntity.transact.put(employee, { ConditionExpression: 'attribute_not_exists(pk)' });
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
    await transactWrite({ items });
  } catch (error) {
    if (anyConditionFailed(error)) throw new Conflict(AUTH_MESSAGES.emailInUse, 'email');
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
  const sessionKey = keys.session(session.companyId, session.employeeId, session.sessionId);
  const employeeKey = employeeEntity.key(session.companyId, session.employeeId);
  const companyKey = keys.company(session.companyId);
  const found = await batchGet([sessionKey, employeeKey, companyKey], {
    attributes: ['revokedAt', 'expiresAt', 'inactive', 'role', 'account_disabled'],
  });
  const item = (key: { pk: string; sk: string }) => itemOf(found, key);
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
    await transactWrite({ password: passwordItems(account, verifiedHash, newHash) });
    return true;
  } catch (error) {
    if (anyConditionFailed(error)) return false;
    throw error;
  }
}
