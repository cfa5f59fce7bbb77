import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FinanceView, MyPlanView } from '@atende/shared/contracts/billing/routes';
import { LIMITS, type PlanCode } from '@atende/shared/domain/constants';
import { PLAN_FEATURES } from '@atende/shared/domain/features';
import { paymentStatusKey } from '@atende/shared/domain/company';
import { newObjectId } from '@atende/shared/domain/object-id';
import { planGatingEnabled } from '@atende/shared/rules/access';
import { getCompany } from '../account/store.ts';
import { enabledRollouts } from '../company/rollouts.ts';
import { readCompanyItem } from '../company/store.ts';
import { maxIncludedUsers } from '../employees/limits.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';
import { countQuery } from '../lib/dynamo/query.ts';
import { conversationEntity } from '../conversations/entities.ts';

const requestsPk = (companyId: string) => `C#${companyId}#PLAN_REQUESTS`;
/** Request sort keys start with their ISO date (years 2000-2999), so "2" lists them all. */

export async function myPlan(auth: AuthContext): Promise<MyPlanView> {
  const [company, item, requests] = await Promise.all([
    getCompany(auth.companyId),
    readCompanyItem(auth.companyId),
    queryAllByPrefix(requestsPk(auth.companyId), '2'),
  ]);
  const gating = company ? planGatingEnabled({ rollouts: enabledRollouts(company) }) : false;
  const latest = requests.sort((a, b) => String(b.sk).localeCompare(String(a.sk)))[0];
  return {
    plan: (company?.account_type ?? 'basic') as PlanCode,
    trial: company?.account_is_trial ?? false,
    ...(company?.dueDate ? { due_date: company.dueDate } : {}),
    features: gating ? (company?.plan_features ?? []) : Object.values(PLAN_FEATURES),
    gating,
    max_included_users: maxIncludedUsers(item),
    ...(latest
      ? { pending_request: { plan: latest.plan as PlanCode, created_at: String(latest.created_at) } }
      : {}),
  };
}

/** The account team reads these requests (who asked, for which plan, with their note). */
export async function requestPlanChange(auth: AuthContext, body: { plan: PlanCode; note: string }) {
  const request = { _id: newObjectId(), plan: body.plan, created_at: new Date().toISOString() };
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        pk: requestsPk(auth.companyId),
        sk: `${request.created_at}#${request._id}`,
        entity: 'plan_change_request',
        ...request,
        note: body.note,
        employee: auth.employeeId,
      },
    }),
  );
  return request;
}

const monthRange = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, number - 1, 1)).toISOString(),
    end: new Date(Date.UTC(year, number, 1)).toISOString(),
  };
};

/**
 * Sessions of a month: conversations started in it. A conversation started in the month has been active since,
 * so one Query from the month's start over the company's conversations (sorted by last activity) holds them all.
 */
export async function consumption(auth: AuthContext, month = new Date().toISOString().slice(0, 7)) {
  const { start, end } = monthRange(month);
  const sessions = await countQuery(
    conversationEntity.indexQuery('all', [auth.companyId], {
      sort: { gte: start },
      FilterExpression: 'created_at >= :start AND created_at < :end',
      ExpressionAttributeValues: { ':start': start, ':end': end },
    }),
  );
  return { month, sessions, allowed: LIMITS.sessionCountingAllowedTotal };
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** finance_data as the billing platform wrote it; shown, never changed here. */
export async function finance(auth: AuthContext): Promise<FinanceView> {
  const item = await readCompanyItem(auth.companyId);
  const data = (item.finance_data ?? {}) as Record<string, unknown>;
  const subscription = (data.subscription as { data?: { sale_item?: { id?: unknown } } } | undefined)?.data
    ?.sale_item?.id;
  const invoices = Array.isArray(data.invoices) ? data.invoices : [];
  const status = text(item[paymentStatusKey('atende')]) ?? text(data.status_payment);
  return {
    plan: item.account_type as PlanCode,
    trial: item.account_is_trial === true,
    ...(text(subscription) ? { subscription: String(subscription) } : {}),
    ...(status ? { payment_status: status } : {}),
    ...(text(data.status_client) ? { client_status: String(data.status_client) } : {}),
    ...(text(item.dueDate) ? { due_date: String(item.dueDate) } : {}),
    invoices: invoices
      .filter(
        (invoice): invoice is Record<string, unknown> => typeof invoice === 'object' && invoice !== null,
      )
      .map((invoice) => ({
        id: String(invoice.id ?? ''),
        due_date: String(invoice.due_date ?? ''),
        amount: Number(invoice.amount ?? 0),
        status: String(invoice.status ?? ''),
      })),
  };
}
