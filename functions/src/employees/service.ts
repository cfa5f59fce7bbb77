import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import {
  type createEmployeeBody,
  EMPLOYEE_ERROR_CODES,
} from '@atende/shared/contracts/employees/create-employee';
import type { updateEmployeeBody } from '@atende/shared/contracts/employees/update-employee';
import type { AdminEmployeeView } from '@atende/shared/contracts/employees/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { accountsPtBR, adminPtBR, formsPtBR } from '@atende/shared/i18n/pt-BR';
import type { z } from 'zod';
import { newEmployee } from '../account/defaults.ts';
import { type EmployeeRecord, toEmployeeView } from '../account/records.ts';
import { getEmployee as readEmployee } from '../account/store.ts';
import { auditActor, auditItem } from '../audit/store.ts';
import { normalizeEmail } from '../auth/keys.ts';
import { hashPassword } from '../auth/password.ts';
import { listEmployeeSessions, revokeSession } from '../auth/session-store.ts';
import { identityItems, type IdentityChange } from '../auth/account-items.ts';
import { readAccount } from '../auth/accounts.ts';
import { employeeItems } from '../auth/store.ts';
import { publishEmployeesChanged, publishRefresh } from '../company/events.ts';
import { changeCompany, readCompanyItem } from '../company/store.ts';
import { flatten, membershipsOf, readTree, setMemberships } from '../departments/tree.ts';
import { countAgainst, emailCheckLimit, requireUnderLimits } from '../auth/throttle.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { AppError, Conflict, Forbidden, Invalid, NotFound } from '../lib/errors.ts';
import { inviteAccount } from './invite.ts';
import { ACTIVE_USERS_ATTRIBUTE, activeUsers, maxIncludedUsers } from './limits.ts';
import { searchEmployees } from './search.ts';
import { employeeUpdateItems } from './writes.ts';

const view = (employee: EmployeeRecord, tree: readonly DepartmentNode[]): AdminEmployeeView => ({
  ...toEmployeeView(employee),
  departments: membershipsOf(tree, employee._id),
});

/** What the audit trail keeps of an employee. */
const summary = (employee: EmployeeRecord, departments: readonly string[]) => ({
  name: employee.name,
  email: employee.email,
  role: employee.role,
  inactive: employee.inactive,
  departments: [...departments],
});

function requireDepartments(tree: readonly DepartmentNode[], ids: readonly string[]): void {
  const known = new Set(flatten(tree).map((node) => node._id));
  if (ids.some((id) => !known.has(id))) throw new NotFound(adminPtBR.departmentNotFound);
}

const limitReached = (max: number) =>
  new AppError(409, EMPLOYEE_ERROR_CODES.employeeLimit, interpolate(adminPtBR.employeeLimitReached, { max }));

const emailInUse = () => new Conflict(AUTH_MESSAGES.emailInUse, 'email');

export async function listEmployees(
  auth: AuthContext,
  query: { search?: string; cursor?: string; limit: number },
) {
  const [page, company] = await Promise.all([
    searchEmployees(auth.companyId, query.search, query.cursor, query.limit),
    readCompanyItem(auth.companyId),
  ]);
  const tree = readTree(company.departments);
  return { items: page.items.map((employee) => view(employee, tree)), nextCursor: page.nextCursor };
}

export async function getEmployee(auth: AuthContext, id: string) {
  const [employee, company] = await Promise.all([
    readEmployee(auth.companyId, id),
    readCompanyItem(auth.companyId),
  ]);
  if (!employee) throw new NotFound(adminPtBR.employeeNotFound);
  return view(employee, readTree(company.departments));
}

/** Whether an e-mail already has a login account, and whether it is already an employee here; nothing more. */
export async function checkEmail(auth: AuthContext, rawEmail: string, now = new Date()) {
  // Every check counts: a rate per admin keeps the form's lookup from being a bulk enumeration oracle.
  const limit = emailCheckLimit(auth.companyId, auth.employeeId);
  await requireUnderLimits([limit], now);
  await countAgainst([limit], now);
  const account = await readAccount(normalizeEmail(rawEmail));
  return {
    exists: account !== undefined,
    inCompany: account?.memberships.some((member) => member.companyId === auth.companyId) ?? false,
  };
}

/** What a new employee needs that an existing account already has: the name and an initial password. */
function newAccountFields(body: z.infer<typeof createEmployeeBody>) {
  if (body.name === undefined) throw new Invalid('name', formsPtBR.requiredField);
  if (body.password === undefined) throw new Invalid('password', formsPtBR.requiredField);
  return { name: body.name, password: body.password };
}

/**
 * Creates an employee for a new e-mail: a login account with the initial password (firstLogin true). An
 * e-mail that already has an account is not added but invited (spec, employee form: the admin only picks a
 * profile and saves; see invite.ts): no password (one sent is refused), and the answer says only that the
 * invitation went out. Invitations count against the admin's e-mail lookup limit, since they answer whether
 * an e-mail has an account too. A company at its max_included_users is refused either way. Account,
 * employee, department memberships, active-user counter and audit entry are one transaction.
 */
export async function createEmployee(auth: AuthContext, body: z.infer<typeof createEmployeeBody>) {
  const email = normalizeEmail(body.email);
  const lookups = emailCheckLimit(auth.companyId, auth.employeeId);
  const now = new Date();
  await requireUnderLimits([lookups], now);
  const account = await readAccount(email);
  if (account?.memberships.some((member) => member.companyId === auth.companyId)) {
    throw new Conflict(adminPtBR.emailInUseHere, 'email');
  }
  if (account && body.password !== undefined) {
    throw new Invalid('password', accountsPtBR.passwordNotForExistingAccount);
  }
  if (account) {
    await countAgainst([lookups], now);
    return inviteAccount(auth, email, body, limitReached, now);
  }
  const fresh = newAccountFields(body);
  const [passwordHash, actor] = await Promise.all([hashPassword(fresh.password), auditActor(auth)]);
  const employee: EmployeeRecord = {
    ...newEmployee({
      id: newObjectId(),
      companyId: auth.companyId,
      name: fresh.name,
      email,
      role: body.role,
      isRoot: false,
      passwordSetByAdmin: true,
      now,
    }),
    settings: body.settings ?? {},
  };
  const departments = [...new Set(body.departments)];
  const created = await changeCompany(auth.companyId, async (company) => {
    const tree = readTree(company.departments);
    requireDepartments(tree, departments);
    const max = maxIncludedUsers(company);
    const active = await activeUsers(company, auth.companyId);
    if (active >= max) throw limitReached(max);
    const nextTree = setMemberships(tree, employee._id, departments);
    return {
      set: {
        [ACTIVE_USERS_ATTRIBUTE]: active + 1,
        ...(departments.length > 0 ? { departments: nextTree } : {}),
      },
      items: [
        ...employeeItems(employee, passwordHash),
        auditItem(auth.companyId, actor, {
          entity: 'employee',
          entityId: employee._id,
          action: 'create',
          before: null,
          after: summary(employee, departments),
        }),
      ],
      result: view(employee, nextTree),
      onItemConditionFailed: () => emailInUse(),
    };
  });
  await publishEmployeesChanged(auth.companyId);
  if (departments.length > 0) await publishRefresh(auth.companyId, 'departments-update');
  return created;
}

/**
 * The account writes of a name or e-mail change (made by the person themself): the login account and the
 * employee items of the account's other companies, so every company sees the new name and e-mail.
 */
async function accountChange(
  auth: AuthContext,
  before: EmployeeRecord,
  identity: { name: string; email: string },
): Promise<{ change: IdentityChange; otherCompanies: string[] }> {
  const [account, taken] = await Promise.all([
    readAccount(before.email),
    identity.email === before.email ? undefined : readAccount(identity.email),
  ]);
  if (taken) throw emailInUse();
  const member = account?.memberships.find((entry) => entry.companyId === auth.companyId);
  if (!account || member?.employeeId !== before._id) throw new Conflict(adminPtBR.concurrentChange);
  return {
    change: identityItems(account, identity, auth.companyId),
    otherCompanies: account.memberships
      .map((entry) => entry.companyId)
      .filter((companyId) => companyId !== auth.companyId),
  };
}

/** Someone who left the company (their account no longer lists it) comes back only through a new invitation. */
async function requireStillMember(employee: EmployeeRecord): Promise<void> {
  const account = await readAccount(employee.email);
  const member = account?.memberships.find((entry) => entry.companyId === employee.company);
  if (member?.employeeId !== employee._id) throw new Conflict(accountsPtBR.leftEmployee);
}

/** Ends every open session of the employee at once (refresh tokens stop rotating, access tokens fail). */
async function endSessions(companyId: string, employeeId: string, now: Date): Promise<void> {
  const sessions = await listEmployeeSessions(companyId, employeeId);
  await Promise.all(
    sessions.filter((session) => !session.revoked).map((session) => revokeSession(session, now)),
  );
}

/**
 * Edits an employee. Name and e-mail may change only for the caller themself; nobody deactivates themself
 * or changes their own role, and the company's root admin keeps its role and stays active.
 */
export async function updateEmployee(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof updateEmployeeBody>,
) {
  const before = await readEmployee(auth.companyId, id);
  if (!before) throw new NotFound(adminPtBR.employeeNotFound);
  const self = id === auth.employeeId;
  const email = body.email === undefined ? before.email : normalizeEmail(body.email);
  const name = body.name ?? before.name;
  if (!self && (name !== before.name || email !== before.email))
    throw new Forbidden(adminPtBR.nameEmailSelfOnly);
  const role = body.role ?? before.role;
  const inactive = body.inactive ?? before.inactive;
  if (self && inactive) throw new Forbidden(adminPtBR.cannotDeactivateSelf);
  if (self && role !== before.role) throw new Forbidden(adminPtBR.cannotChangeOwnRole);
  if (before.is_root && (inactive || role !== 'admin')) throw new Forbidden(adminPtBR.rootAdminProtected);
  const after: EmployeeRecord = {
    ...before,
    name,
    email,
    role,
    inactive,
    ...(body.settings ? { settings: body.settings } : {}),
    ...(body.disableInactivity !== undefined ? { disableInactivity: body.disableInactivity } : {}),
  };
  const [actor, account] = await Promise.all([
    auditActor(auth),
    name !== before.name || email !== before.email ? accountChange(auth, before, { name, email }) : undefined,
  ]);
  const activation = before.inactive === inactive ? 0 : inactive ? -1 : 1;
  if (activation > 0) await requireStillMember(before);
  const updated = await changeCompany(auth.companyId, async (company) => {
    const tree = readTree(company.departments);
    const departmentsBefore = membershipsOf(tree, id);
    const departments = body.departments ? [...new Set(body.departments)] : departmentsBefore;
    requireDepartments(tree, departments);
    const nextTree = body.departments ? setMemberships(tree, id, departments) : tree;
    let counter: Record<string, number> = {};
    if (activation !== 0) {
      const active = await activeUsers(company, auth.companyId);
      const max = maxIncludedUsers(company);
      if (activation > 0 && active >= max) throw limitReached(max);
      counter = { [ACTIVE_USERS_ATTRIBUTE]: Math.max(0, active + activation) };
    }
    return {
      set: { ...counter, ...(body.departments ? { departments: nextTree } : {}) },
      items: [
        ...employeeUpdateItems(after),
        ...(account?.change.items ?? []),
        auditItem(auth.companyId, actor, {
          entity: 'employee',
          entityId: id,
          action: activation < 0 ? 'deactivate' : activation > 0 ? 'reactivate' : 'update',
          before: summary(before, departmentsBefore),
          after: summary(after, departments),
        }),
      ],
      result: view(after, nextTree),
      onItemConditionFailed: (index: number) =>
        index === 0
          ? new NotFound(adminPtBR.employeeNotFound)
          : index === 1 + (account?.change.emailTakenIndex ?? -2)
            ? emailInUse()
            : new Conflict(adminPtBR.concurrentChange),
    };
  });
  if (activation < 0) await endSessions(auth.companyId, id, new Date());
  await Promise.all(
    [auth.companyId, ...(account?.otherCompanies ?? [])].map((companyId) =>
      publishEmployeesChanged(companyId),
    ),
  );
  if (body.departments) await publishRefresh(auth.companyId, 'departments-update');
  return updated;
}
