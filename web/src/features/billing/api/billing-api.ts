import {
  getConsumption,
  getFinance,
  getGupshupBalance,
  getMyPlan,
  requestPlanChange,
} from '@atende/shared/contracts/billing/routes';
import type { PlanCode } from '@atende/shared/domain/constants';
import { callRoute } from '../../../lib/api/call-route.ts';

export const billingKeys = {
  plan: ['billing', 'plan'] as const,
  consumption: (month: string) => ['billing', 'consumption', month] as const,
  finance: ['billing', 'finance'] as const,
  gupshupBalance: ['billing', 'gupshup-balance'] as const,
};

export const billingApi = {
  plan: () => callRoute(getMyPlan),
  requestChange: (plan: PlanCode, note: string) => callRoute(requestPlanChange, { body: { plan, note } }),
  consumption: (month: string) => callRoute(getConsumption, { query: { month } }),
  finance: () => callRoute(getFinance),
  gupshupBalance: () => callRoute(getGupshupBalance),
};
