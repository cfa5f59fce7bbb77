import * as z from 'zod';
import { PLAN_CODES } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

const ADMIN = { roles: ['admin'] } as const;

export const myPlanView = z.object({
  plan: z.enum(PLAN_CODES),
  trial: z.boolean(),
  due_date: z.string().optional(),
  /** Plan features in force (all when plan gating is off). */
  features: z.array(z.string()),
  gating: z.boolean(),
  max_included_users: z.number().int().nonnegative(),
  pending_request: z.object({ plan: z.enum(PLAN_CODES), created_at: z.string() }).optional(),
});
export type MyPlanView = z.infer<typeof myPlanView>;

/** "My plan": the company's plan, what is in force and any change already asked for (admin menu entry). */
export const getMyPlan = defineRoute({
  id: 'billing.plan',
  method: 'GET',
  path: '/billing/plan',
  domain: 'billing',
  auth: 'employee',
  access: ADMIN,
  response: myPlanView,
});

/** "Plans": a request to change plan, recorded for the account team (nothing is charged here). */
export const requestPlanChange = defineRoute({
  id: 'billing.plan-request',
  method: 'POST',
  path: '/billing/plan-requests',
  domain: 'billing',
  auth: 'employee',
  access: ADMIN,
  body: z.object({ plan: z.enum(PLAN_CODES), note: z.string().trim().max(1000).default('') }),
  response: z.object({ _id: objectId, plan: z.enum(PLAN_CODES), created_at: z.string() }),
  successStatus: 201,
  maxBodyBytes: 4096,
});

/** Spec point 9: sessions (conversations started) per month against the allowed total of 600. */
export const getConsumption = defineRoute({
  id: 'billing.consumption',
  method: 'GET',
  path: '/billing/consumption',
  domain: 'billing',
  auth: 'employee',
  access: ADMIN,
  query: z.object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'use AAAA-MM')
      .optional(),
  }),
  response: z.object({
    month: z.string(),
    sessions: z.number().int().nonnegative(),
    allowed: z.number().int().positive(),
  }),
});

export const financeView = z.object({
  plan: z.enum(PLAN_CODES),
  subscription: z.string().optional(),
  payment_status: z.string().optional(),
  client_status: z.string().optional(),
  due_date: z.string().optional(),
  trial: z.boolean(),
  invoices: z.array(
    z.object({ id: z.string(), due_date: z.string(), amount: z.number(), status: z.string() }),
  ),
});
export type FinanceView = z.infer<typeof financeView>;

/** app/financial-panel (admin): subscription, payment status and invoices from finance_data, read-only. */
export const getFinance = defineRoute({
  id: 'billing.finance',
  method: 'GET',
  path: '/billing/finance',
  domain: 'billing',
  auth: 'employee',
  access: ADMIN,
  response: financeView,
});

/** Gupshup credits (1 credit = 1 USD) of one Gupshup integration; `balance` null when Gupshup did not answer. */
export const gupshupBalanceView = z.object({
  integration: objectId,
  label: z.string(),
  balance: z.number().nullable(),
  currency: z.literal('USD'),
  error: z.string().nullable(),
});
export type GupshupBalanceView = z.infer<typeof gupshupBalanceView>;

/**
 * The Gupshup wallet balance of each Gupshup integration: admins and managers, operators only with
 * show_gupshup_wallet_balance_to_operators (spec point 6).
 */
export const getGupshupBalance = defineRoute({
  id: 'billing.gupshupBalance',
  method: 'GET',
  path: '/billing/gupshup-balance',
  domain: 'billing',
  auth: 'employee',
  access: { roles: 'all', operatorPermission: 'show_gupshup_wallet_balance_to_operators' },
  response: z.object({ balances: z.array(gupshupBalanceView) }),
});
