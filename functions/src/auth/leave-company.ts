import { accountsPtBR, adminPtBR } from '@atende/shared/i18n/pt-BR';
import { getEmployee } from '../account/store.ts';
import { auditItem } from '../audit/store.ts';
import { publishEmployeesChanged } from '../company/events.ts';
import { changeCompany } from '../company/store.ts';
import { ACTIVE_USERS_ATTRIBUTE, activeUsers } from '../employees/limits.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { config } from '../lib/config.ts';
import { countQuery } from '../lib/dynamo/query.ts';
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';
import { leaveItems } from './account-items.ts';
import { callerAccount } from './caller-account.ts';
import { employeeEntity } from './entities.ts';
import { listEmployeeSessions, revokeSession } from './session-store.ts';

/** Active admins of the company other than `employeeId`. */
const otherActiveAdmins = (companyId: string, employeeId: string): Promise<number> =>
  countQuery(
    employeeEntity.indexQuery('all', [companyId], {
      FilterExpression:
        '#role = :admin AND (attribute_not_exists(inactive) OR inactive = :false) AND #id <> :me',
      ExpressionAttributeNames: { '#role': 'role', '#id': '_id' },
      ExpressionAttributeValues: { ':admin': 'admin', ':false': false, ':me': employeeId },
    }),
  );

/**
 * The caller's account leaves one of its other companies. Rules: not the company of the current session (the
 * caller switches first; this also keeps every account in at least one company), not as the company's root
 * admin, and not as its only active admin, so no company is left without someone to administer it. The
 * employee there is deactivated (its history stays; only a new invitation brings the person back), the
 * membership goes, and the employee's sessions there end. One transaction on the company's version, so two
 * admins leaving at once cannot both pass the "another admin remains" check.
 */
export async function leaveCompany(auth: AuthContext, companyId: string, now = new Date()): Promise<void> {
  if (companyId === auth.companyId) throw new Conflict(accountsPtBR.leaveCurrentCompany);
  const account = await callerAccount(auth);
  const left = account.memberships.find((member) => member.companyId === companyId);
  if (!left) throw new NotFound(accountsPtBR.notMember);
  const newHome = account.memberships.find((member) => member.companyId !== companyId);
  if (!newHome) throw new Conflict(accountsPtBR.leaveLastCompany);
  const employee = await getEmployee(companyId, left.employeeId);
  if (!employee) throw new NotFound(accountsPtBR.notMember);
  if (employee.is_root) throw new Forbidden(accountsPtBR.leaveRootAdmin);
  await changeCompany(companyId, async (company) => {
    if (employee.role === 'admin' && (await otherActiveAdmins(companyId, employee._id)) === 0) {
      throw new Conflict(accountsPtBR.leaveOnlyAdmin);
    }
    const active = await activeUsers(company, companyId);
    return {
      set: employee.inactive ? {} : { [ACTIVE_USERS_ATTRIBUTE]: Math.max(0, active - 1) },
      items: [
        {
          Update: {
            TableName: config().mainTable,
            Key: employeeEntity.key(companyId, employee._id),
            UpdateExpression: 'SET inactive = :true',
            ConditionExpression: 'attribute_exists(pk) AND #role = :role',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':true': true, ':role': employee.role },
          },
        },
        ...leaveItems(account, left, newHome),
        auditItem(
          companyId,
          { _id: employee._id, name: employee.name },
          {
            entity: 'employee',
            entityId: employee._id,
            action: 'deactivate',
            before: { inactive: employee.inactive },
            after: { inactive: true },
          },
          now,
        ),
      ],
      result: undefined,
      onItemConditionFailed: () => new Conflict(adminPtBR.concurrentChange),
    };
  });
  const sessions = await listEmployeeSessions(companyId, employee._id);
  await Promise.all(
    sessions.filter((session) => !session.revoked).map((session) => revokeSession(session, now)),
  );
  await publishEmployeesChanged(companyId);
}
