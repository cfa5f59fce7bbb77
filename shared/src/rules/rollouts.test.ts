import { describe, expect, it } from 'vitest';
import { ROLLOUTS } from '../domain/features.ts';
import { effectiveRollouts } from './rollouts.ts';

describe('rollouts with the per-company blacklist (spec point 5)', () => {
  it('joins the platform flags and the company flags, once each', () => {
    expect(
      effectiveRollouts({
        platform: [ROLLOUTS.planAccessControl],
        company: [ROLLOUTS.customFields, ROLLOUTS.planAccessControl],
        blacklist: [],
      }),
    ).toEqual([ROLLOUTS.planAccessControl, ROLLOUTS.customFields]);
  });

  it('keeps a blacklisted company out of a flag rolled out to every company', () => {
    expect(
      effectiveRollouts({
        platform: [ROLLOUTS.planAccessControl, ROLLOUTS.manager],
        company: [],
        blacklist: [ROLLOUTS.planAccessControl],
      }),
    ).toEqual([ROLLOUTS.manager]);
  });

  it('ignores a blacklist entry for a flag without a blacklist', () => {
    expect(
      effectiveRollouts({
        platform: [],
        company: [ROLLOUTS.planAccessControlException],
        blacklist: [ROLLOUTS.planAccessControlException],
      }),
    ).toEqual([ROLLOUTS.planAccessControlException]);
  });
});
