import { PLAN_ACCESS_EXCEPTION_ROLLOUT, PLAN_ACCESS_ROLLOUT } from './constants.ts';

/**
 * Plan feature names. The spec describes these features without naming them, so the names are ours; they are the
 * values stored per company (features/{companyId}) and listed in route rules.
 */
export const PLAN_FEATURES = {
  contactTracking: 'contact-tracking',
  aiAssistants: 'ai-assistants',
  smartTags: 'smart-tags',
  walletAttendant: 'wallet-attendant',
  salesFunnel: 'sales-funnel',
  webhooks: 'webhooks',
  infiniteFlows: 'infinite-flows',
} as const;
export type PlanFeature = (typeof PLAN_FEATURES)[keyof typeof PLAN_FEATURES];

/** Rollout flag names (rollouts/{companyId}); the two plan-access flags keep the names the spec gives. */
export const ROLLOUTS = {
  planAccessControl: PLAN_ACCESS_ROLLOUT,
  planAccessControlException: PLAN_ACCESS_EXCEPTION_ROLLOUT,
  aiSmartAssistant: 'ai-smart-assistant',
  newFrontendEditor: 'new-frontend-editor',
  customFields: 'custom-fields',
  manager: 'manager',
  profileManager: 'profile-manager',
} as const;
export type Rollout = (typeof ROLLOUTS)[keyof typeof ROLLOUTS];

/**
 * Spec point 5: "some flags have a per-company blacklist". These are the flags rolled out widely (to every company
 * through the platform's list) that a company may need kept off. The plan-access exception is itself a
 * per-company opt-out, so blacklisting it would make no sense.
 */
export const BLACKLISTABLE_ROLLOUTS: readonly string[] = [
  ROLLOUTS.planAccessControl,
  ROLLOUTS.manager,
  ROLLOUTS.profileManager,
  ROLLOUTS.aiSmartAssistant,
  ROLLOUTS.newFrontendEditor,
  ROLLOUTS.customFields,
];

/** Plan lists the routes use; advanced062025 is the 2025 edition of the advanced plan and is treated as advanced. */
export const PLAN_GROUPS = {
  advancedOrProfessional: ['advanced', 'advanced062025', 'professional'],
  essentialAdvancedProfessional: ['essential', 'advanced', 'advanced062025', 'professional'],
  professional: ['professional'],
} as const;
