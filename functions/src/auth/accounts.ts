import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getEmployee } from '../account/store.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { batchGet, itemOf } from '../lib/dynamo/batch-get.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { employeeEntity } from './entities.ts';
import { keys } from './keys.ts';

/**
 * A login account: one person, one e-mail and one password, employee of one or more companies. Each company
 * keeps its own employee item (role, departments, settings, inactive) exactly as before; the account lives
 * under the global `EMAIL#<email>` partition (see keys.ts) and lists the companies as memberships.
 *
 * Accounts written before accounts spanned companies have only the `EMAIL` item with the ids of their one
 * employee, whose CREDENTIAL item holds the password hash: they read as an account with that single
 * ("home") membership and that hash, and are upgraded by the first write that needs it (password change).
 */
export interface Membership {
  companyId: string;
  employeeId: string;
}

/** An account may belong to this many companies; an e-mail change moves every membership in one transaction. */
export const MAX_COMPANIES_PER_ACCOUNT = 25;

export interface Account {
  email: string;
  /** The membership the account was created with. */
  home: Membership;
  passwordHash: string | undefined;
  /** The hash is still in the home employee's CREDENTIAL item (account from before multi-company). */
  legacyCredential: boolean;
  /** The home membership has no MEMBER item (account from before multi-company). */
  homeImplicit: boolean;
  name: string | undefined;
  firstLogin: boolean | undefined;
  lastCompanyId: string | undefined;
  /** Home first, then the others. */
  memberships: Membership[];
  /** The stored account item, copied as is when the e-mail changes. */
  item: Record<string, unknown>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

async function legacyPasswordHash(home: Membership): Promise<string | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: keys.credential(home.companyId, home.employeeId),
      ConsistentRead: true,
    }),
  );
  return text(Item?.passwordHash);
}

export async function readAccount(email: string): Promise<Account | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.email(email).pk },
    ConsistentRead: true,
  });
  const item = items.find((entry) => entry.sk === keys.email(email).sk);
  if (!item) return undefined;
  const home = { companyId: String(item.companyId), employeeId: String(item.employeeId) };
  const others = items
    .filter((entry) => String(entry.sk).startsWith(keys.membershipPrefix))
    .map((entry) => ({ companyId: String(entry.companyId), employeeId: String(entry.employeeId) }));
  const homeImplicit = !others.some((member) => member.companyId === home.companyId);
  const stored = text(item.passwordHash);
  return {
    email,
    home,
    passwordHash: stored ?? (await legacyPasswordHash(home)),
    legacyCredential: stored === undefined,
    homeImplicit,
    name: text(item.name),
    firstLogin: typeof item.firstLogin === 'boolean' ? item.firstLogin : undefined,
    lastCompanyId: text(item.lastCompanyId),
    memberships: [home, ...others.filter((member) => member.companyId !== home.companyId)],
    item,
  };
}

/** Name and first-login flag of the account; older accounts keep them only on their home employee. */
export async function accountIdentity(account: Account): Promise<{ name: string; firstLogin: boolean }> {
  if (account.name !== undefined && account.firstLogin !== undefined) {
    return { name: account.name, firstLogin: account.firstLogin };
  }
  const home = await getEmployee(account.home.companyId, account.home.employeeId);
  return {
    name: account.name ?? home?.name ?? account.email,
    firstLogin: account.firstLogin ?? home?.firstLogin ?? false,
  };
}

export interface MemberStatus extends Membership {
  companyName: string;
  /** The employee is active there and the company is not disabled: the account may work in it. */
  active: boolean;
}

/** Each membership's company name and whether it is usable. */
export async function readMemberStatuses(memberships: readonly Membership[]): Promise<MemberStatus[]> {
  const found = await batchGet(
    memberships.flatMap((member) => [
      employeeEntity.key(member.companyId, member.employeeId),
      keys.company(member.companyId),
    ]),
    { attributes: ['inactive', 'name', 'account_disabled'] },
  );
  const item = (key: { pk: string; sk: string }) => itemOf(found, key);
  return memberships.map((member) => {
    const employee = item(employeeEntity.key(member.companyId, member.employeeId));
    const company = item(keys.company(member.companyId));
    return {
      ...member,
      companyName: text(company?.name) ?? '',
      active:
        Boolean(employee && company) && employee?.inactive !== true && company?.account_disabled !== true,
    };
  });
}

/** Remembers the company the account last worked in, where the next sign-in starts. */
export async function setLastCompany(email: string, companyId: string): Promise<void> {
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: keys.email(email),
        UpdateExpression: 'SET lastCompanyId = :company',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':company': companyId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
