import type { AccessContext } from '@atende/shared/rules/access';
import { describe, expect, it } from 'vitest';
import { visibleTabs } from './list-filters.ts';

const ctx = (role: AccessContext['role'], permissions: Record<string, boolean> = {}): AccessContext => ({
  role,
  employeeId: 'e'.repeat(24),
  company: {
    account_type: 'professional',
    modules: {},
    permissions,
    settings: {},
  } as AccessContext['company'],
  rollouts: [],
  planFeatures: undefined,
});

describe('conversation tabs by permission', () => {
  it('gives admins the all tab', () => {
    expect(visibleTabs(ctx('admin'))).toEqual(['mine', 'queue', 'all']);
  });

  it('gives operators the all tab only with display_all_attendances or allow_spies', () => {
    expect(visibleTabs(ctx('operator'))).toEqual(['mine', 'queue']);
    expect(visibleTabs(ctx('operator', { display_all_attendances: true }))).toContain('all');
    expect(visibleTabs(ctx('operator', { allow_spies: true }))).toContain('all');
  });

  it('gives managers the all tab with manage_allow_spies', () => {
    expect(visibleTabs(ctx('manager'))).toEqual(['mine', 'queue']);
    expect(visibleTabs(ctx('manager', { manage_allow_spies: true }))).toContain('all');
  });

  it('shows mine and queue while the session loads', () => {
    expect(visibleTabs(undefined)).toEqual(['mine', 'queue']);
  });
});
