import type { EmployeeRecord } from '../account/records.ts';
import { config } from '../lib/config.ts';
import type { Account, Membership } from './accounts.ts';
import { employeeEntity, employeeSearchAttributes } from './entities.ts';
import { keys } from './keys.ts';

import type { TransactItem } from '../lib/dynamo/transaction.ts';

export type { TransactItem };

/**
 * Transaction items of account writes. Every write that depends on what was read is conditioned on the
 * account still being the one read (same home membership), so a concurrent e-mail move or a new account
 * under a freed e-mail makes the transaction fail instead of writing onto the wrong account.
 */
const SAME_ACCOUNT = 'companyId = :homeCompany AND employeeId = :homeEmployee';
const sameAccountValues = (account: Account) => ({
  ':homeCompany': account.home.companyId,
  ':homeEmployee': account.home.employeeId,
});

const membershipPut = (email: string, member: Membership): TransactItem => ({
  Put: {
    TableName: config().mainTable,
    Item: { ...keys.membership(email, member.companyId), entity: 'membership', ...member },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** A new account whose first membership is `employee`; the account item fails if the e-mail is taken. */
export function newAccountItems(employee: EmployeeRecord, passwordHash: string): TransactItem[] {
  const member = { companyId: employee.company, employeeId: employee._id };
  return [
    {
      Put: {
        TableName: config().mainTable,
        Item: {
          ...keys.email(employee.email),
          entity: 'account',
          email: employee.email,
          ...member,
          passwordHash,
          name: employee.name,
          firstLogin: employee.firstLogin,
          lastCompanyId: employee.company,
          createdAt: employee.created_at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    membershipPut(employee.email, member),
  ];
}

/**
 * Adds a company to an existing account: [0] the account is unchanged, [1] the account is not yet in this
 * company. The caller adds the employee item.
 */
export function membershipItems(account: Account, employee: EmployeeRecord): TransactItem[] {
  return [
    {
      ConditionCheck: {
        TableName: config().mainTable,
        Key: keys.email(account.email),
        ConditionExpression: SAME_ACCOUNT,
        ExpressionAttributeValues: sameAccountValues(account),
      },
    },
    membershipPut(account.email, { companyId: employee.company, employeeId: employee._id }),
  ];
}

/**
 * Replaces the account's password and clears its first-login flag, in the account and in every company's
 * employee item. The stored hash must still be the verified one, so two concurrent changes cannot both win;
 * an older account's hash moves from its CREDENTIAL item to the account item.
 */
export function passwordItems(account: Account, verifiedHash: string, newHash: string): TransactItem[] {
  const table = config().mainTable;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: keys.email(account.email),
        UpdateExpression: 'SET passwordHash = :new, firstLogin = :false',
        ConditionExpression: account.legacyCredential
          ? `${SAME_ACCOUNT} AND attribute_not_exists(passwordHash)`
          : `${SAME_ACCOUNT} AND passwordHash = :verified`,
        ExpressionAttributeValues: {
          ...sameAccountValues(account),
          ':new': newHash,
          ':false': false,
          ...(account.legacyCredential ? {} : { ':verified': verifiedHash }),
        },
      },
    },
  ];
  if (account.legacyCredential) {
    items.push({
      Delete: {
        TableName: table,
        Key: keys.credential(account.home.companyId, account.home.employeeId),
        ConditionExpression: 'passwordHash = :verified',
        ExpressionAttributeValues: { ':verified': verifiedHash },
      },
    });
  }
  for (const member of account.memberships) {
    items.push({
      Update: {
        TableName: table,
        Key: employeeEntity.key(member.companyId, member.employeeId),
        UpdateExpression: 'SET firstLogin = :false',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':false': false },
      },
    });
  }
  return items;
}

export interface IdentityChange {
  items: TransactItem[];
  /** Index (in `items`) of the write that fails when the new e-mail already has an account. */
  emailTakenIndex: number | undefined;
}

/**
 * The account side of a name or e-mail change made by the person themself: the account item (moved with its
 * memberships to the new e-mail's partition when the e-mail changes) and the employee items of every other
 * company, so each company sees the new name and e-mail. The caller's own employee item is written by the caller.
 */
export function identityItems(
  account: Account,
  identity: { name: string; email: string },
  callerCompanyId: string,
): IdentityChange {
  const table = config().mainTable;
  const items: TransactItem[] = [];
  for (const member of account.memberships) {
    if (member.companyId === callerCompanyId) continue;
    const search = employeeSearchAttributes({
      _id: member.employeeId,
      company: member.companyId,
      ...identity,
    });
    items.push({
      Update: {
        TableName: table,
        Key: employeeEntity.key(member.companyId, member.employeeId),
        UpdateExpression: 'SET #name = :name, email = :email, gsi2sk = :gsi2sk, gsi3sk = :gsi3sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': identity.name,
          ':email': identity.email,
          ':gsi2sk': search.gsi2sk,
          ':gsi3sk': search.gsi3sk,
        },
      },
    });
  }
  if (identity.email === account.email) {
    items.push({
      Update: {
        TableName: table,
        Key: keys.email(account.email),
        UpdateExpression: 'SET #name = :name',
        ConditionExpression: SAME_ACCOUNT,
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ...sameAccountValues(account), ':name': identity.name },
      },
    });
    return { items, emailTakenIndex: undefined };
  }
  items.push({
    Delete: {
      TableName: table,
      Key: keys.email(account.email),
      ConditionExpression: account.legacyCredential
        ? `${SAME_ACCOUNT} AND attribute_not_exists(passwordHash)`
        : `${SAME_ACCOUNT} AND passwordHash = :hash`,
      ExpressionAttributeValues: {
        ...sameAccountValues(account),
        ...(account.legacyCredential ? {} : { ':hash': account.passwordHash }),
      },
    },
  });
  for (const member of account.memberships) {
    if (account.homeImplicit && member.companyId === account.home.companyId) continue;
    items.push({
      Delete: {
        TableName: table,
        Key: keys.membership(account.email, member.companyId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    });
  }
  const emailTakenIndex = items.length;
  items.push({
    Put: {
      TableName: table,
      Item: { ...account.item, ...keys.email(identity.email), email: identity.email, name: identity.name },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  items.push(...account.memberships.map((member) => membershipPut(identity.email, member)));
  return { items, emailTakenIndex };
}

/**
 * The account side of leaving a company: the membership item goes, and when it was the account's home the
 * account item moves its home to `newHome` (an older account's password hash moving from the left employee's
 * CREDENTIAL item into the account item), so the account never points at a company it left.
 */
export function leaveItems(account: Account, left: Membership, newHome: Membership): TransactItem[] {
  const table = config().mainTable;
  const isHome = left.companyId === account.home.companyId;
  const items: TransactItem[] = [];
  if (!(isHome && account.homeImplicit)) {
    items.push({
      Delete: {
        TableName: table,
        Key: keys.membership(account.email, left.companyId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    });
  }
  if (!isHome) return items;
  items.push({
    Update: {
      TableName: table,
      Key: keys.email(account.email),
      UpdateExpression: account.legacyCredential
        ? 'SET companyId = :company, employeeId = :employee, passwordHash = :hash'
        : 'SET companyId = :company, employeeId = :employee',
      ConditionExpression: account.legacyCredential
        ? `${SAME_ACCOUNT} AND attribute_not_exists(passwordHash)`
        : SAME_ACCOUNT,
      ExpressionAttributeValues: {
        ...sameAccountValues(account),
        ':company': newHome.companyId,
        ':employee': newHome.employeeId,
        ...(account.legacyCredential ? { ':hash': account.passwordHash } : {}),
      },
    },
  });
  if (account.legacyCredential) {
    items.push({
      Delete: {
        TableName: table,
        Key: keys.credential(left.companyId, left.employeeId),
        ConditionExpression: 'passwordHash = :hash',
        ExpressionAttributeValues: { ':hash': account.passwordHash },
      },
    });
  }
  return items;
}
