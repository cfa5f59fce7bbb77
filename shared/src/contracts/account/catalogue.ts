import { PLAN_FEATURES as FEATURES, type PlanFeature } from '../../domain/features.ts';

/**
 * Names the accounts API stores on a company: the plan features of shared/src/domain/features.ts as a list,
 * and the company modules (the spec names only faq).
 */
export const PLAN_FEATURES: readonly PlanFeature[] = Object.values(FEATURES);

export const COMPANY_MODULES = ['faq'] as const;

export const TRIAL_DAYS = 7;

export const DATA_TRIAL_STATUSES = ['active', 'expired'] as const;
