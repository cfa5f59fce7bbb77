import type { AccessContext } from '@atende/shared/rules/access';
import { describe, expect, it } from 'vitest';
import { guardDecision } from './guard-decision.ts';

const context = (overrides: Partial<AccessContext> = {}): AccessContext => ({
  role: 'operator',
  employeeId: 'e'.repeat(24),
  company: { account_type: 'essential', modules: {}, permissions: {} },
  rollouts: [],
  planFeatures: undefined,
  ...overrides,
});

const base = { authenticated: true, trialExpired: false, access: context(), rule: undefined };

describe('route guard', () => {
  it('sends an unauthenticated visit to login and remembers the wanted path', () => {
    expect(guardDecision({ ...base, authenticated: false, access: undefined })).toEqual({
      kind: 'login',
      rememberPath: true,
      logout: false,
    });
  });

  it('sends an expired trial to login on any navigation, ending the session', () => {
    expect(guardDecision({ ...base, trialExpired: true })).toEqual({
      kind: 'login',
      rememberPath: false,
      logout: true,
    });
  });

  it('waits while the session is loading', () => {
    expect(guardDecision({ ...base, access: undefined })).toEqual({ kind: 'wait' });
  });

  it('renders routes open to every role', () => {
    expect(guardDecision({ ...base, rule: { roles: 'all' } })).toEqual({ kind: 'render' });
  });

  it('sends a wrong role to /error', () => {
    expect(guardDecision({ ...base, rule: { roles: ['admin'] } })).toEqual({
      kind: 'redirect',
      to: '/error',
    });
    expect(
      guardDecision({ ...base, access: context({ role: 'admin' }), rule: { roles: ['admin'] } }),
    ).toEqual({
      kind: 'render',
    });
  });

  it('sends other plans to /app/home on plan-restricted routes', () => {
    expect(guardDecision({ ...base, rule: { plans: ['advanced', 'professional'] } })).toEqual({
      kind: 'redirect',
      to: '/app/home',
    });
  });

  it('sends a missing plan feature to /error only while plan gating is on', () => {
    const rule = { planFeatures: ['sales-funnel'] };
    expect(guardDecision({ ...base, rule })).toEqual({ kind: 'render' });
    const gated = context({ rollouts: ['rdcbill:plan-access-control'], planFeatures: [] });
    expect(guardDecision({ ...base, access: gated, rule })).toEqual({ kind: 'redirect', to: '/error' });
    const withFeature = context({
      rollouts: ['rdcbill:plan-access-control'],
      planFeatures: ['sales-funnel'],
    });
    expect(guardDecision({ ...base, access: withFeature, rule })).toEqual({ kind: 'render' });
  });
});
