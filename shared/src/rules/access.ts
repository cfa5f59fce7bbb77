import type { AccessRule } from '../contracts/types.ts';
import type { PlanCode, Role } from '../domain/constants.ts';
import { ROLLOUTS } from '../domain/features.ts';
import { faqRole } from './faq.ts';
import { hasRoutePermission } from './permissions.ts';

export interface AccessContext {
  role: Role;
  employeeId: string;
  company: {
    account_type: PlanCode;
    /** Enabled = 1. */
    modules: Record<string, number>;
    /** Company permission flags (spec point 6). */
    permissions: Record<string, boolean>;
    settings?: {
      faqModule?: { mode: 'normal' | 'team'; admins: string[]; managers: string[]; creators: string[] };
    };
  };
  /** Enabled rollout flag names. */
  rollouts: readonly string[];
  /** Stored plan features; undefined when none are stored. */
  planFeatures: readonly string[] | undefined;
}

export type AccessDecision = { allowed: true } | { allowed: false; redirect: '/error' | '/app/home' };

const ALLOW: AccessDecision = { allowed: true };
const toError: AccessDecision = { allowed: false, redirect: '/error' };
const toHome: AccessDecision = { allowed: false, redirect: '/app/home' };

/** Spec point 5, plan gating: the plan-access rollout turns it on, its exception rollout turns it off. */
export function planGatingEnabled(ctx: Pick<AccessContext, 'rollouts'>): boolean {
  return (
    ctx.rollouts.includes(ROLLOUTS.planAccessControl) &&
    !ctx.rollouts.includes(ROLLOUTS.planAccessControlException)
  );
}

/** Gating off: every feature is allowed. Gating on with no stored features: none is. */
export function hasPlanFeature(
  ctx: Pick<AccessContext, 'rollouts' | 'planFeatures'>,
  feature: string,
): boolean {
  if (!planGatingEnabled(ctx)) return true;
  return ctx.planFeatures?.includes(feature) ?? false;
}

export function moduleEnabled(ctx: Pick<AccessContext, 'company'>, module: string): boolean {
  return ctx.company.modules[module] === 1;
}

/** The manager or profile-manager rollout: route permissions and managers' company permissions are checked. */
export const permissionRolloutOn = (ctx: Pick<AccessContext, 'rollouts'>): boolean =>
  ctx.rollouts.includes(ROLLOUTS.manager) || ctx.rollouts.includes(ROLLOUTS.profileManager);

/**
 * Spec point 5, route access, checked in the spec's order so the first failing clause picks the redirect:
 * role, plan types, plan features (any of), modules (any of), FAQ role, manager company permission and per-route
 * permission (both only under the manager/profile-manager rollouts), operator permission, rollouts.
 */
export function decideAccess(rule: AccessRule | undefined, ctx: AccessContext): AccessDecision {
  if (!rule) return ALLOW;
  if (rule.roles && rule.roles !== 'all' && !rule.roles.includes(ctx.role)) return toError;
  if (rule.plans && !rule.plans.includes(ctx.company.account_type)) return toHome;
  if (rule.planFeatures?.length && !rule.planFeatures.some((feature) => hasPlanFeature(ctx, feature))) {
    return toError;
  }
  if (rule.modules?.length && !rule.modules.some((module) => moduleEnabled(ctx, module))) return toError;
  if (rule.faqRoles) {
    const role = faqRole(ctx);
    if (!role || !rule.faqRoles.includes(role)) return toError;
  }
  // Spec point 5 puts both checks under the manager/profile-manager rollouts: without them a manager passes on
  // role alone, as before the rollout (the legacy behaviour).
  if (
    rule.companyPermission &&
    ctx.role === 'manager' &&
    permissionRolloutOn(ctx) &&
    ctx.company.permissions[rule.companyPermission] !== true
  ) {
    return toHome;
  }
  if (
    rule.permission &&
    permissionRolloutOn(ctx) &&
    !hasRoutePermission(ctx.role, rule.permission, ctx.company.permissions)
  ) {
    return toHome;
  }
  if (rule.operatorPermission && ctx.role === 'operator') {
    const needed =
      typeof rule.operatorPermission === 'string' ? [rule.operatorPermission] : rule.operatorPermission;
    if (!needed.every((flag) => ctx.company.permissions[flag] === true)) return toHome;
  }
  if (rule.rollouts?.length && !rule.rollouts.every((rollout) => ctx.rollouts.includes(rollout)))
    return toError;
  return ALLOW;
}

/** Menus are stricter than routes for modules: every listed module must be enabled (spec point 5). */
export function canSeeMenuItem(
  item: { access?: AccessRule; modules?: readonly string[] },
  ctx: AccessContext,
): boolean {
  if (item.modules && !item.modules.every((module) => moduleEnabled(ctx, module))) return false;
  return decideAccess(item.access, ctx).allowed;
}
