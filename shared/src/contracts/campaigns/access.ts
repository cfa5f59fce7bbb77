import { ROUTE_PERMISSIONS } from '../../rules/permissions.ts';
import type { AccessRule } from '../types.ts';

/** app/campaign and app/broadcast/* (spec point 2): admins with the campaign:module permission. */
export const CAMPAIGN_ACCESS = {
  roles: ['admin'],
  permission: ROUTE_PERMISSIONS.campaignModule,
} as const satisfies AccessRule;
