import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import type { CompanyRecord, EmployeeRecord } from '../account/records.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Conflict } from '../lib/errors.ts';
import { failedConditions } from './conditions.ts';
import { employeeSearchAttributes, keys } from './keys.ts';
import type { SessionRef } from './session-store.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The writes that create one employee with its credential and its e-mail claim (unique across companies). */
export function employeeItems(employee: EmployeeRecord, passwordHash: string): TransactItem[] {
  const table = config().mainTable;
  return [
    {
      Put: {
        TableName: table,
        Item: { ...keys.email(employee.email), companyId: employee.company, employeeId: employee._id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
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
    },
    {
      Put: {
        TableName: table,
        Item: { ...keys.credential(employee.company, employee._id), entity: 'credential', passwordHash },
      },
    },
  ];
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

export async function findEmailClaim(
  email: string,
): Promise<{ companyId: string; employeeId: string } | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: keys.email(email) }),
  );
  if (!Item) return undefined;
  return { companyId: String(Item.companyId), employeeId: String(Item.employeeId) };
}

export async function getPasswordHash(companyId: string, employeeId: string): Promise<string | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: keys.credential(companyId, employeeId) }),
  );
  return typeof Item?.passwordHash === 'string' ? Item.passwordHash : undefined;
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

/**
 * Replaces an employee's password hash and clears firstLogin in one transaction. The credential must still
 * hold the hash that was verified, so two concurrent changes cannot both win; false when it no longer does.
 */
export async function replacePassword(
  companyId: string,
  employeeId: string,
  verifiedHash: string,
  newHash: string,
): Promise<boolean> {
  const table = config().mainTable;
  try {
    await clients().document.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: keys.credential(companyId, employeeId),
              UpdateExpression: 'SET passwordHash = :new',
              ConditionExpression: 'passwordHash = :verified',
              ExpressionAttributeValues: { ':new': newHash, ':verified': verifiedHash },
            },
          },
          {
            Update: {
              TableName: table,
              Key: keys.employee(companyId, employeeId),
              UpdateExpression: 'SET firstLogin = :false',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':false': false },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (failedConditions(error).length > 0) return false;
    throw error;
  }
}
