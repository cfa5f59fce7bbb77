import { ROLLOUTS } from '@atende/shared/domain/features';
import { permissionRolloutOn } from '@atende/shared/rules/access';
import { describe, expect, it } from 'vitest';
import { enabledRollouts } from '../company/rollouts.ts';
import { newTrialCompany } from './defaults.ts';

describe('a new trial company', () => {
  const company = newTrialCompany({
    id: 'a'.repeat(24),
    name: 'Nova',
    accountType: 'essential',
    now: new Date('2026-11-25T12:00:00Z'),
  });

  it('starts with the manager rollout on, so the manager permissions of its settings take effect', () => {
    expect(company.rollouts).toEqual([ROLLOUTS.manager]);
    expect(permissionRolloutOn({ rollouts: enabledRollouts(company) })).toBe(true);
  });

  it('can still be kept out of it by its blacklist', () => {
    const blocked = { ...company, rollout_blacklist: [ROLLOUTS.manager] };
    expect(permissionRolloutOn({ rollouts: enabledRollouts(blocked) })).toBe(false);
  });
});
