import { effectiveRollouts } from '@atende/shared/rules/rollouts';
import type { CompanyRecord } from '../account/records.ts';
import { config } from '../lib/config.ts';

/** The company's enabled rollout flags: the platform's and its own, less its blacklist (spec point 5). */
export const enabledRollouts = (company: Pick<CompanyRecord, 'rollouts' | 'rollout_blacklist'>): string[] =>
  effectiveRollouts({
    platform: config().platformRollouts,
    company: company.rollouts,
    blacklist: company.rollout_blacklist,
  });
