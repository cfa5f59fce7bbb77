import { describe, expect, it } from 'vitest';
import type { PlanCode } from '../domain/constants.ts';
import { ROLLOUTS } from '../domain/features.ts';
import { canCreateFlow, maxFlows } from './flows.ts';

const ctx = (account_type: PlanCode, rollouts: string[] = [], planFeatures?: string[]) => ({
  company: { account_type, modules: {}, permissions: {} },
  rollouts,
  planFeatures,
});

describe('flow count limit (spec point 5)', () => {
  it.each([
    { clause: 'basic: 1 or fewer', plan: 'basic', max: 1 },
    { clause: 'essential: 1', plan: 'essential', max: 1 },
    { clause: 'advanced: up to 4', plan: 'advanced', max: 4 },
    { clause: 'advanced062025: up to 4', plan: 'advanced062025', max: 4 },
    { clause: 'professional: unlimited', plan: 'professional', max: Infinity },
    { clause: 'premium: unlimited', plan: 'premium', max: Infinity },
  ] as const)('$clause', ({ plan, max }) => {
    expect(maxFlows(ctx(plan))).toBe(max);
  });

  it('plan-access rollout without infinite-flows: only 1', () => {
    expect(maxFlows(ctx('professional', [ROLLOUTS.planAccessControl], []))).toBe(1);
  });
  it('plan-access rollout with infinite-flows: unlimited', () => {
    expect(maxFlows(ctx('essential', [ROLLOUTS.planAccessControl], ['infinite-flows']))).toBe(Infinity);
  });
  it('advanced can create a 4th flow but not a 5th', () => {
    expect(canCreateFlow(ctx('advanced'), 3)).toBe(true);
    expect(canCreateFlow(ctx('advanced'), 4)).toBe(false);
  });
});
