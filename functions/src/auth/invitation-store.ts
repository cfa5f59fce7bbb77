import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { INVITATION_TTL_DAYS } from '@atende/shared/contracts/auth/invitations';
import { ROLES, type Role } from '@atende/shared/domain/constants';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';
import { keys } from './keys.ts';
import type { TransactItem } from '../lib/dynamo/transaction.ts';

/**
 * An invitation of an existing login account to a company, kept twice: under the company
 * (`C#<companyId>#INVITES`, the invited profile) and under the account (`EMAIL#<email>`, `INVITE#<companyId>`,
 * only ids and dates, as every global item), so the person lists theirs without knowing the companies. One
 * pending invitation per company and e-mail; inviting again replaces it. `expiresAt` (epoch seconds) is also the
 * table's TTL attribute, so expired ones disappear by themselves; reads check it, since TTL deletion lags.
 */
export const invitationKeys = {
  company: (companyId: string, email: string) => ({ pk: `C#${companyId}#INVITES`, sk: `INVITE#${email}` }),
  account: (email: string, companyId: string) => ({ pk: `EMAIL#${email}`, sk: `INVITE#${companyId}` }),
  accountPrefix: 'INVITE#',
};

export interface Invitation {
  companyId: string;
  email: string;
  role: Role;
  departments: string[];
  settings: Record<string, unknown>;
  invitedBy: string;
  createdAt: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export const invitationExpiry = (now: Date): number =>
  Math.floor(now.getTime() / 1000) + INVITATION_TTL_DAYS * 24 * 60 * 60;

const isRole = (value: unknown): value is Role => ROLES.some((role) => role === value);

function toInvitation(item: Record<string, unknown> | undefined, now: Date): Invitation | undefined {
  if (!item || !isRole(item.role) || Number(item.expiresAt) <= Math.floor(now.getTime() / 1000)) {
    return undefined;
  }
  return {
    companyId: String(item.companyId),
    email: String(item.email),
    role: item.role,
    departments: Array.isArray(item.departments) ? item.departments.map(String) : [],
    settings:
      item.settings && typeof item.settings === 'object' ? (item.settings as Record<string, unknown>) : {},
    invitedBy: String(item.invitedBy),
    createdAt: String(item.createdAt),
    expiresAt: Number(item.expiresAt),
  };
}

/** Both items of an invitation; a second invitation from the same company replaces the first. */
export function invitationPuts(invitation: Invitation): TransactItem[] {
  const table = config().mainTable;
  return [
    {
      Put: {
        TableName: table,
        Item: {
          ...invitationKeys.company(invitation.companyId, invitation.email),
          entity: 'invitation',
          ...invitation,
        },
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...invitationKeys.account(invitation.email, invitation.companyId),
          entity: 'account-invitation',
          companyId: invitation.companyId,
          createdAt: invitation.createdAt,
          expiresAt: invitation.expiresAt,
        },
      },
    },
  ];
}

/** Removes both items; with `mustExist` the transaction fails when the invitation was already answered. */
export function invitationDeletes(companyId: string, email: string, mustExist: boolean): TransactItem[] {
  const table = config().mainTable;
  const condition = mustExist ? { ConditionExpression: 'attribute_exists(pk)' } : {};
  return [
    { Delete: { TableName: table, Key: invitationKeys.company(companyId, email), ...condition } },
    { Delete: { TableName: table, Key: invitationKeys.account(email, companyId), ...condition } },
  ];
}

/** The company's pending invitation of this e-mail, if it has not expired. */
export async function readInvitation(
  companyId: string,
  email: string,
  now: Date,
): Promise<Invitation | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: invitationKeys.company(companyId, email),
      ConsistentRead: true,
    }),
  );
  return toInvitation(Item, now);
}

/** The companies with a pending invitation for this e-mail (ids only, as the account side keeps them). */
export async function invitingCompanies(email: string, now: Date): Promise<string[]> {
  const items = await queryAllByPrefix(keys.email(email).pk, invitationKeys.accountPrefix, {
    ConsistentRead: true,
  });
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return items
    .filter((item) => Number(item.expiresAt) > nowSeconds)
    .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))
    .map((item) => String(item.companyId));
}

/** The company's invitations that have not expired, newest first. */
export async function companyInvitations(companyId: string, now: Date): Promise<Invitation[]> {
  const { pk } = invitationKeys.company(companyId, '');
  const items = await queryAllByPrefix(pk, 'INVITE#', { ConsistentRead: true });
  return items
    .flatMap((item) => toInvitation(item, now) ?? [])
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
