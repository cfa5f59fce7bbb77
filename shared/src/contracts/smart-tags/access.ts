import { PLAN_FEATURES } from '../../domain/features.ts';
import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import type { AccessRule } from '../types.ts';

/** app/contacts/smart-tags (spec point 2): admins whose plan has the smart-tags feature. */
export const SMART_TAGS_ACCESS = {
  ...CONTACTS_ADMIN_ACCESS,
  planFeatures: [PLAN_FEATURES.smartTags],
} as const satisfies AccessRule;
