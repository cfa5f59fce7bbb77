import type { customersQueueWaitCountBody } from '@atende/shared/contracts/queue/customers-queue-wait-count';
import type { reallocatedQueueWaitCountBody } from '@atende/shared/contracts/queue/reallocated-customers-queue-wait-count';
import { inboxPtBR } from '@atende/shared/i18n/pt-BR';
import { inWalletFilter } from '@atende/shared/rules/wallet-reach';
import type { z } from 'zod';
import type { AuthContext } from '../lib/auth-context.ts';
import { Forbidden } from '../lib/errors.ts';
import { callerContext } from './context.ts';
import { countQuery, queryAll as queryAllOf } from '../lib/dynamo/query.ts';
import { canSee } from './visibility.ts';
import { conversationEntity } from './entities.ts';

/** The spec's count calls name the company and employee; only the caller's own are answered. */
export function requireSelf(auth: AuthContext, companyId: string, employeeId: string): void {
  if (companyId !== auth.companyId || employeeId !== auth.employeeId)
    throw new Forbidden(inboxPtBR.differentCompany);
}

type Item = Record<string, unknown>;

async function queryAll(
  partitionKey: string,
  projection: string,
  names: Record<string, string>,
): Promise<Item[]> {
  return queryAllOf(
    conversationEntity.queryAt('inbox', partitionKey, {
      ProjectionExpression: projection,
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    }),
  );
}

/**
 * queue/customers-queue-wait-count: customers waiting in the queues the caller may see (wallet limit
 * included); with departmentEnable only the listed departments (notMyDepartments: only departments the caller
 * is not in); with walletEnable only customers of the listed wallets.
 */
export async function customersQueueWaitCount(
  auth: AuthContext,
  body: z.infer<typeof customersQueueWaitCountBody>,
) {
  requireSelf(auth, body.company, body.employee);
  const { viewer } = await callerContext(auth);
  const waiting = await queryAll(
    conversationEntity.partition('inbox', auth.companyId, 'queue'),
    '#status, department, employee, wallet',
    { '#status': 'status' },
  );
  const listed = new Set(body.departments);
  const wallets = { enabled: body.walletEnable, wallets: body.wallets };
  const count = waiting.filter((item) => {
    const department = typeof item.department === 'string' ? item.department : null;
    const wallet = typeof item.wallet === 'string' ? item.wallet : null;
    if (!canSee(viewer, { status: 'queue', department, employee: null, wallet })) return false;
    if (!inWalletFilter(wallets, wallet)) return false;
    if (body.notMyDepartments && department !== null && viewer.departments.has(department)) return false;
    if (body.departmentEnable && listed.size > 0 && (department === null || !listed.has(department)))
      return false;
    return true;
  }).length;
  return { count };
}

/** queue/reallocated-customers-queue-wait-count: calls redistributed to the caller that they have not answered. */
export async function reallocatedQueueWaitCount(
  auth: AuthContext,
  body: z.infer<typeof reallocatedQueueWaitCountBody>,
) {
  requireSelf(auth, body.company, body.employee);
  const count = await countQuery(
    conversationEntity.indexQuery('inbox', [auth.companyId, 'in_service', auth.employeeId], {
      FilterExpression: 'redistributed = :true',
      ExpressionAttributeValues: { ':true': true },
    }),
  );
  return { count };
}

/** customers/customers-total-messages: unread customer messages across the employee's conversations. */
export async function totalNewMessages(auth: AuthContext, companyId: string, employeeId: string) {
  requireSelf(auth, companyId, employeeId);
  const items = await queryAll(
    conversationEntity.partition('inbox', auth.companyId, 'in_service', auth.employeeId),
    'unread',
    {},
  );
  const totalNewMessages = items.reduce(
    (sum, item) => sum + (typeof item.unread === 'number' ? item.unread : 0),
    0,
  );
  return { totalNewMessages };
}
