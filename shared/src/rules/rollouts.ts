import { BLACKLISTABLE_ROLLOUTS } from '../domain/features.ts';

export interface RolloutSources {
  /** Flags on for every company. */
  platform: readonly string[];
  /** Flags turned on for this company. */
  company: readonly string[];
  /** Flags this company is kept out of; only the blacklistable ones count. */
  blacklist: readonly string[];
}

/**
 * The company's enabled rollouts (spec point 5): the platform's and its own, minus the blacklisted flags that
 * have a per-company blacklist. A blacklist naming any other flag changes nothing: those flags are not rolled
 * out that way.
 */
export function effectiveRollouts({ platform, company, blacklist }: RolloutSources): string[] {
  const blocked = new Set(blacklist.filter((flag) => BLACKLISTABLE_ROLLOUTS.includes(flag)));
  return [...new Set([...platform, ...company])].filter((flag) => !blocked.has(flag));
}
