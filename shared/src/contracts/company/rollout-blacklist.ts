import * as z from 'zod';
import { BLACKLISTABLE_ROLLOUTS } from '../../domain/features.ts';
import { defineRoute } from '../types.ts';

/**
 * Spec point 5: "some flags have a per-company blacklist". The company admin sees every blacklistable flag,
 * where it comes from, and keeps the company out of (or lets it back into) a flag.
 */
export const blacklistableRollout = z.enum(BLACKLISTABLE_ROLLOUTS as [string, ...string[]]);

export const rolloutBlacklistRow = z.object({
  flag: blacklistableRollout,
  /** On for every company (PLATFORM_ROLLOUTS). */
  platform: z.boolean(),
  /** Turned on for this company. */
  company: z.boolean(),
  blacklisted: z.boolean(),
  /** What the company gets: (platform or company) and not blacklisted. */
  enabled: z.boolean(),
});
export type RolloutBlacklistRow = z.infer<typeof rolloutBlacklistRow>;

export const rolloutBlacklistView = z.object({ rollouts: z.array(rolloutBlacklistRow) });
export type RolloutBlacklistView = z.infer<typeof rolloutBlacklistView>;

const base = { domain: 'company', auth: 'employee', access: { roles: ['admin'] } } as const;
const params = z.object({ flag: blacklistableRollout });

export const listRolloutBlacklist = defineRoute({
  ...base,
  id: 'company.listRolloutBlacklist',
  method: 'GET',
  path: '/company/rollout-blacklist',
  response: rolloutBlacklistView,
});

/** Idempotent: blacklisting a flag already blacklisted answers the same view. */
export const addRolloutBlacklist = defineRoute({
  ...base,
  id: 'company.addRolloutBlacklist',
  method: 'PUT',
  path: '/company/rollout-blacklist/{flag}',
  params,
  response: rolloutBlacklistView,
});

export const removeRolloutBlacklist = defineRoute({
  ...base,
  id: 'company.removeRolloutBlacklist',
  method: 'DELETE',
  path: '/company/rollout-blacklist/{flag}',
  params,
  response: rolloutBlacklistView,
});

export const ROLLOUT_BLACKLIST_ROUTES = [listRolloutBlacklist, addRolloutBlacklist, removeRolloutBlacklist];
