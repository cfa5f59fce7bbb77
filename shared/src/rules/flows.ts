import type { PlanCode } from '../domain/constants.ts';
import { PLAN_FEATURES } from '../domain/features.ts';
import { hasPlanFeature, planGatingEnabled, type AccessContext } from './access.ts';

/**
 * Spec point 5 flow count limits by plan. voip is not listed: it is a calls plan, so it gets the smallest limit.
 * advanced062025 is the advanced plan's 2025 edition.
 */
export const FLOW_LIMITS: Record<PlanCode, number> = {
  basic: 1,
  essential: 1,
  advanced: 4,
  advanced062025: 4,
  professional: Number.POSITIVE_INFINITY,
  premium: Number.POSITIVE_INFINITY,
  voip: 1,
};

/** Under plan access control the infinite-flows feature decides: with it unlimited, without it only 1. */
export function maxFlows(ctx: Pick<AccessContext, 'company' | 'rollouts' | 'planFeatures'>): number {
  if (planGatingEnabled(ctx)) {
    return hasPlanFeature(ctx, PLAN_FEATURES.infiniteFlows) ? Number.POSITIVE_INFINITY : 1;
  }
  return FLOW_LIMITS[ctx.company.account_type];
}

export function canCreateFlow(
  ctx: Pick<AccessContext, 'company' | 'rollouts' | 'planFeatures'>,
  currentCount: number,
): boolean {
  return currentCount < maxFlows(ctx);
}
