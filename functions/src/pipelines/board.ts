import {
  BOARD_STAGE_LIMIT,
  type BoardView,
  type boardQuery,
} from '@atende/shared/contracts/pipelines/deal-views';
import type { z } from 'zod';
import { callerContext } from '../conversations/context.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { allDeals } from './deal-store.ts';
import { requirePipeline } from './store.ts';
import { toDealView, toPipelineView, visibleDeals } from './views.ts';

type Filters = z.infer<typeof boardQuery>;

/** Sums in cents, so totals of many deals keep exact centavos. */
const cents = (value: number) => Math.round(value * 100);

/**
 * A pipeline's board: per stage its open deals the caller may see and that pass the filters (owner, contact
 * tag, value range, creation days), the count, the total and the total weighted by the stage's probability.
 * Each stage shows its first BOARD_STAGE_LIMIT cards (oldest first); counts and totals cover all of them.
 */
export async function pipelineBoard(auth: AuthContext, id: string, filters: Filters): Promise<BoardView> {
  const [{ viewer }, pipeline] = await Promise.all([
    callerContext(auth),
    requirePipeline(auth.companyId, id),
  ]);
  const open = (await allDeals(auth.companyId, { kind: 'pipeline', pipeline: id })).filter(
    (deal) =>
      deal.status === 'open' &&
      (!filters.owner || deal.owner === filters.owner) &&
      (filters.min_value === undefined || deal.value >= filters.min_value) &&
      (filters.max_value === undefined || deal.value <= filters.max_value) &&
      (!filters.from || deal.created_at.slice(0, 10) >= filters.from) &&
      (!filters.to || deal.created_at.slice(0, 10) <= filters.to),
  );
  const visible = (await visibleDeals(auth.companyId, viewer, open)).filter(
    ({ contact }) => !filters.tag || (contact?.tags.includes(filters.tag) ?? false),
  );
  let count = 0;
  let total = 0;
  let weighted = 0;
  const stages = pipeline.stages.map((stage) => {
    const deals = visible.filter(({ deal }) => deal.stage === stage._id);
    const stageTotal = deals.reduce((sum, { deal }) => sum + cents(deal.value), 0);
    const stageWeighted = Math.round((stageTotal * stage.probability) / 100);
    count += deals.length;
    total += stageTotal;
    weighted += stageWeighted;
    return {
      stage,
      deals: deals.slice(0, BOARD_STAGE_LIMIT).map(({ deal, contact }) => toDealView(deal, contact)),
      count: deals.length,
      total: stageTotal / 100,
      weighted: stageWeighted / 100,
      more: deals.length > BOARD_STAGE_LIMIT,
    };
  });
  return {
    pipeline: toPipelineView(pipeline),
    stages,
    totals: { count, total: total / 100, weighted: weighted / 100 },
  };
}
