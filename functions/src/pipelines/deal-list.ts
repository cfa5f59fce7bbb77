import type { listDealsQuery } from '@atende/shared/contracts/pipelines/deal-views';
import type { z } from 'zod';
import { foldText } from '../contacts/text.ts';
import { callerContext } from '../conversations/context.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { decodeCursor, encodeCursor } from '../lib/dynamo/cursor.ts';
import { type DealSource, queryDeals } from './deal-store.ts';
import type { DealRecord } from './records.ts';
import { toDealView, visibleDeals } from './views.ts';

type Query = z.infer<typeof listDealsQuery>;

function sourceOf(query: Query): DealSource {
  if (query.pipeline)
    return { kind: 'pipeline', pipeline: query.pipeline, ...(query.stage ? { stage: query.stage } : {}) };
  if (query.customer) return { kind: 'customer', customer: query.customer };
  return { kind: 'all' };
}

const matches = (query: Query, search: string | undefined) => (deal: DealRecord) =>
  (!query.stage || deal.stage === query.stage) &&
  (!query.owner || deal.owner === query.owner) &&
  (!query.customer || deal.customer === query.customer) &&
  (!query.status || deal.status === query.status) &&
  (!search || foldText(deal.title).includes(search));

/**
 * Deals by pipeline (and stage), by contact or all, filtered by owner, status and title, then by what the
 * caller may see. Each page read asks only for what is still missing, so the cursor (the last key read) never
 * skips a deal.
 */
export async function listDeals(auth: AuthContext, query: Query) {
  const { viewer } = await callerContext(auth);
  const source = sourceOf(query);
  const search = query.search ? foldText(query.search) : undefined;
  let startKey = decodeCursor(query.cursor, auth.companyId);
  const found: ReturnType<typeof toDealView>[] = [];
  do {
    const page = await queryDeals(auth.companyId, source, startKey, query.limit - found.length);
    const visible = await visibleDeals(auth.companyId, viewer, page.deals.filter(matches(query, search)));
    found.push(...visible.map(({ deal, contact }) => toDealView(deal, contact)));
    startKey = page.lastKey;
  } while (startKey && found.length < query.limit);
  return { deals: found, next_cursor: startKey ? encodeCursor(startKey) : null };
}
