import type { AnalyticsFilters, ConversationRow } from '@atende/shared/contracts/analytics/views';
import { analyticsPtBR as t } from '@atende/shared/i18n/analytics';
import { fillPage } from '../lib/dynamo/fill-page.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import type { ConversationFact, Duration } from './facts.ts';
import { ledgerKeys } from './ledger-store.ts';
import { factInScope, type Scope, scopeOf } from './scope.ts';

const seconds = (duration: Duration | null, businessHours: boolean) =>
  duration ? (businessHours ? duration.bh : duration.cal) : null;

export function conversationRowOf(
  fact: ConversationFact,
  scope: Scope,
  businessHours: boolean,
): ConversationRow {
  return {
    conversation: fact.conversation,
    protocol: fact.protocol,
    status: fact.status,
    opened_at: fact.opened_at,
    closed_at: fact.closed_at,
    channel: fact.channel,
    integration: fact.integration,
    department: fact.department,
    department_label: fact.department
      ? (scope.departmentLabels.get(fact.department) ?? fact.department)
      : t.noDepartment,
    employee: fact.employee?._id ?? null,
    employee_name: fact.employee?.name ?? t.noEmployee,
    tabulation: fact.tabulation?.label ?? '',
    customer: fact.customer.full_name,
    bot: fact.bot,
    human: fact.human,
    assignments: fact.assignments,
    transfers: fact.transfers,
    wait_s: seconds(fact.wait, businessHours),
    first_response_s: seconds(fact.first_response, businessHours),
    resolution_s: seconds(fact.resolution, businessHours),
    messages_in: fact.messages_in,
    messages_out: fact.messages_out,
    tags: fact.tags,
    // Facts written before grades were ledgered lack the field.
    csat: fact.csat ?? null,
  };
}

/** One page of conversations opened in [from, to), oldest first, in the caller's scope. */
export async function conversationPage(
  scope: Scope,
  filters: AnalyticsFilters,
  page: { cursor: string | undefined; limit: number },
): Promise<{ rows: ConversationRow[]; next_cursor: string | null }> {
  const { items, nextCursor } = await fillPage({
    companyId: scope.companyId,
    index: 'gsi1',
    partitionKey: ledgerKeys.factsByOpening(scope.companyId),
    sortCondition: {
      expression: '#sk BETWEEN :from AND :to',
      values: {
        ':from': new Date(filters.from).toISOString(),
        // `to` is exclusive; the sort key is `<opened_at>#<id>`, so the instant itself sorts after every key of it.
        ':to': new Date(Date.parse(filters.to) - 1).toISOString() + '#\uffff',
      },
    },
    newestFirst: false,
    limit: page.limit,
    cursor: page.cursor,
    accept: (item) => factInScope(scope, item.fact as ConversationFact),
  });
  return {
    rows: items.map((item) =>
      conversationRowOf(item.fact as ConversationFact, scope, filters.business_hours),
    ),
    next_cursor: nextCursor,
  };
}

export async function listConversations(
  auth: AuthContext,
  query: AnalyticsFilters & { cursor?: string; limit: number },
) {
  const scope = await scopeOf(auth, query);
  return conversationPage(scope, query, { cursor: query.cursor, limit: query.limit });
}
