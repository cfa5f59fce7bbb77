import { describe, expect, it } from 'vitest';
import type { MemberStatus } from './accounts.ts';
import { chooseMembership } from './memberships.ts';

const member = (companyId: string, active: boolean): MemberStatus => ({
  companyId,
  employeeId: `e-${companyId}`,
  companyName: `Empresa ${companyId}`,
  active,
});

describe('chooseMembership', () => {
  const statuses = [member('a', true), member('b', true), member('c', false)];

  it('opens the company asked for, refusing one the account is not in or inactive in', () => {
    expect(chooseMembership(statuses, { wanted: 'b' })).toEqual({ member: statuses[1] });
    expect(chooseMembership(statuses, { wanted: 'x' })).toEqual({ refused: 'not-member' });
    expect(chooseMembership(statuses, { wanted: 'c', last: 'a' })).toEqual({ refused: 'inactive' });
  });

  it('otherwise opens the last company used while usable, else the first usable one', () => {
    expect(chooseMembership(statuses, { last: 'b' })).toEqual({ member: statuses[1] });
    expect(chooseMembership(statuses, { last: 'c' })).toEqual({ member: statuses[0] });
    expect(chooseMembership(statuses, {})).toEqual({ member: statuses[0] });
    expect(chooseMembership([member('c', false)], { last: 'c' })).toEqual({ refused: 'none-active' });
  });
});
