import { PLAN_GROUPS } from '../../domain/features.ts';
import { FAQ_MODULE } from '../../rules/faq.ts';
import type { AccessRule } from '../types.ts';

/** app/faq (spec point 2): professional plan with the faq module enabled; index and search for every role. */
export const FAQ_READ_ACCESS = {
  roles: 'all',
  plans: PLAN_GROUPS.professional,
  modules: [FAQ_MODULE],
} as const satisfies AccessRule;

/** config (and the first setup it saves): FAQ admins only. */
export const FAQ_CONFIG_ACCESS = { ...FAQ_READ_ACCESS, faqRoles: ['admin'] } as const satisfies AccessRule;

/** create: FAQ admins, managers and creators. */
export const FAQ_CREATE_ACCESS = {
  ...FAQ_READ_ACCESS,
  faqRoles: ['admin', 'manager', 'creator'],
} as const satisfies AccessRule;

/** manager (review, publish, archive, categories) and reports: FAQ admins and managers. */
export const FAQ_MANAGE_ACCESS = {
  ...FAQ_READ_ACCESS,
  faqRoles: ['admin', 'manager'],
} as const satisfies AccessRule;
