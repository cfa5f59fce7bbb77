import type { AccountCompany } from '@atende/shared/contracts/auth/list-companies';
import type { PendingInvitation } from '@atende/shared/contracts/auth/invitations';
import { EMPLOYEE_ERROR_CODES } from '@atende/shared/contracts/employees/create-employee';
import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { accountsPtBR, adminPtBR } from '@atende/shared/i18n/pt-BR';
import { newEmployee } from '../account/defaults.ts';
import type { EmployeeRecord } from '../account/records.ts';
import { auditItem } from '../audit/store.ts';
import { publishEmployeesChanged } from '../company/events.ts';
import { changeCompany } from '../company/store.ts';
import { flatten, readTree, setMemberships } from '../departments/tree.ts';
import { ACTIVE_USERS_ATTRIBUTE, activeUsers, maxIncludedUsers } from '../employees/limits.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { batchGet, itemOf } from '../lib/dynamo/batch-get.ts';
import { transactWrite } from '../lib/dynamo/transaction.ts';
import { AppError, Conflict, NotFound } from '../lib/errors.ts';
import { accountIdentity, MAX_COMPANIES_PER_ACCOUNT } from './accounts.ts';
import { callerAccount } from './caller-account.ts';
import { invitationDeletes, invitationKeys, invitingCompanies, readInvitation } from './invitation-store.ts';
import { keys } from './keys.ts';
import { linkedEmployeeItems } from './store.ts';

const gone = () => new NotFound(accountsPtBR.invitationGone);

/** The caller's pending invitations: the inviting company's name, the profile offered and until when. */
export async function listInvitations(auth: AuthContext, now = new Date()): Promise<PendingInvitation[]> {
  const account = await callerAccount(auth);
  const companies = await invitingCompanies(account.email, now);
  if (companies.length === 0) return [];
  const found = await batchGet(
    companies.flatMap((companyId) => [
      keys.company(companyId),
      invitationKeys.company(companyId, account.email),
    ]),
    { attributes: ['name', 'role', 'expiresAt'] },
  );
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return companies.flatMap((companyId) => {
    const company = itemOf(found, keys.company(companyId));
    const invitation = itemOf(found, invitationKeys.company(companyId, account.email));
    if (!company || !invitation || Number(invitation.expiresAt) <= nowSeconds) return [];
    return [
      {
        company: { _id: companyId, name: String(company.name ?? '') },
        role: invitation.role as PendingInvitation['role'],
        expires_at: new Date(Number(invitation.expiresAt) * 1000).toISOString(),
      },
    ];
  });
}

/**
 * The caller's account becomes an employee of the inviting company with the invited profile, in one
 * transaction with the invitation's removal (so it is used once), the active-user counter and an audit entry.
 * Departments deleted since the invitation are left out. The account's company limit and the company's user
 * limit apply now.
 */
export async function acceptInvitation(
  auth: AuthContext,
  companyId: string,
  now = new Date(),
): Promise<AccountCompany> {
  const account = await callerAccount(auth);
  const invitation = await readInvitation(companyId, account.email, now);
  if (!invitation) throw gone();
  if (account.memberships.some((member) => member.companyId === companyId)) {
    await transactWrite({ invitation: invitationDeletes(companyId, account.email, false) });
    throw new Conflict(accountsPtBR.alreadyMemberThere);
  }
  if (account.memberships.length >= MAX_COMPANIES_PER_ACCOUNT) {
    throw new Conflict(interpolate(accountsPtBR.tooManyCompanies, { max: MAX_COMPANIES_PER_ACCOUNT }));
  }
  const identity = await accountIdentity(account);
  const employee: EmployeeRecord = {
    ...newEmployee({
      id: newObjectId(),
      companyId,
      name: identity.name,
      email: account.email,
      role: invitation.role,
      isRoot: false,
      passwordSetByAdmin: false,
      now,
    }),
    firstLogin: identity.firstLogin,
    settings: invitation.settings,
  };
  const company = await changeCompany(companyId, async (item) => {
    const tree = readTree(item.departments);
    const known = new Set(flatten(tree).map((node) => node._id));
    const departments = invitation.departments.filter((id) => known.has(id));
    const max = maxIncludedUsers(item);
    const active = await activeUsers(item, companyId);
    if (active >= max) {
      throw new AppError(
        409,
        EMPLOYEE_ERROR_CODES.employeeLimit,
        interpolate(adminPtBR.employeeLimitReached, { max }),
      );
    }
    return {
      set: {
        [ACTIVE_USERS_ATTRIBUTE]: active + 1,
        ...(departments.length > 0 ? { departments: setMemberships(tree, employee._id, departments) } : {}),
      },
      items: [
        ...linkedEmployeeItems(account, employee),
        ...invitationDeletes(companyId, account.email, true),
        auditItem(
          companyId,
          { _id: employee._id, name: employee.name },
          {
            entity: 'employee',
            entityId: employee._id,
            action: 'create',
            before: null,
            after: { name: employee.name, email: employee.email, role: employee.role, departments },
          },
          now,
        ),
      ],
      result: { _id: companyId, name: String(item.name ?? '') },
      // [0] account changed, [1] already a member, [2] employee id, [3]/[4] invitation already answered.
      onItemConditionFailed: (index: number) =>
        index === 1
          ? new Conflict(accountsPtBR.alreadyMemberThere)
          : index >= 3
            ? gone()
            : new Conflict(adminPtBR.concurrentChange),
    };
  });
  await publishEmployeesChanged(companyId);
  return company;
}

/** The caller turns an invitation down; both of its items go. Nothing tells the company more than that it is gone. */
export async function declineInvitation(auth: AuthContext, companyId: string, now = new Date()) {
  const account = await callerAccount(auth);
  if (!(await readInvitation(companyId, account.email, now))) throw gone();
  await transactWrite({ invitation: invitationDeletes(companyId, account.email, false) });
}
