import type { MonitoringView } from '@atende/shared/contracts/analytics/views';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import type { ConversationFact } from './facts.ts';
import { ledgerKeys } from './ledger-store.ts';

/** The wallboard's windows, in minutes (Zendesk's "last 30/60 minutes"). */
export const RECENT_WINDOWS = [30, 60] as const;

/**
 * How far back the wallboard looks for conversations whose wait ended or that were abandoned in its windows:
 * a wait longer than this that ends now is left out (the dashboard's figures still count it).
 */
const LOOKBACK_MS = 24 * 3_600_000;

/** Nearest-rank percentile of a sorted list (exact: a window holds tens or hundreds of waits, not millions). */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? null;
}

/**
 * Pure: per window ending `now`, the waits that ended in it (an employee took the conversation: p50/p90 in
 * calendar seconds) and the conversations abandoned in it (closed after queueing, never taken by anyone).
 */
export function recentWindows(facts: readonly ConversationFact[], now: Date): MonitoringView['recent'] {
  return RECENT_WINDOWS.map((minutes) => {
    const since = new Date(now.getTime() - minutes * 60_000).toISOString();
    const until = now.toISOString();
    const within = (at: string | null) => at !== null && at > since && at <= until;
    const waits = facts
      .filter((fact) => fact.wait && within(fact.assigned_at))
      .map((fact) => fact.wait?.cal ?? 0)
      .sort((a, b) => a - b);
    const abandoned = facts.filter(
      (fact) => within(fact.closed_at) && fact.queued_at !== null && fact.assigned_at === null,
    ).length;
    return {
      minutes,
      taken: waits.length,
      wait_p50_s: percentile(waits, 50),
      wait_p90_s: percentile(waits, 90),
      abandoned,
    };
  });
}

/** The facts of conversations opened in the last LOOKBACK_MS (those the windows can concern). */
export async function recentFacts(companyId: string, now: Date): Promise<ConversationFact[]> {
  const items = await queryAll({
    TableName: config().mainTable,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
    ExpressionAttributeValues: {
      ':pk': ledgerKeys.factsByOpening(companyId),
      ':from': new Date(now.getTime() - LOOKBACK_MS).toISOString(),
    },
  });
  return items.map((item) => item.fact as ConversationFact);
}
