import { PLAN_FEATURES, PLAN_GROUPS } from '../../domain/features.ts';
import type { AccessRule } from '../types.ts';

/** app/pipelines (spec point 2): every role, advanced or professional plans with the sales-funnel feature. */
export const PIPELINES_ACCESS = {
  roles: 'all',
  plans: PLAN_GROUPS.advancedOrProfessional,
  planFeatures: [PLAN_FEATURES.salesFunnel],
} as const satisfies AccessRule;

/** Shaping a funnel (stages, rules) is for admins and managers; operators work the deals in it. */
export const PIPELINES_EDIT_ACCESS = {
  ...PIPELINES_ACCESS,
  roles: ['admin', 'manager'],
} as const satisfies AccessRule;

/** app/activities (spec point 2): every role, on every plan. */
export const ACTIVITIES_ACCESS = { roles: 'all' } as const satisfies AccessRule;
