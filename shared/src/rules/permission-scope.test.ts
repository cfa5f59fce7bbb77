import { describe, expect, it } from 'vitest';
import { MANAGER_COMPANY_PERMISSIONS, OPERATOR_PERMISSIONS } from '../domain/constants.ts';
import {
  DEFAULT_COMPANY_PERMISSIONS,
  OPERATOR_SCOPE_FLAGS,
  operatorScopeOf,
  withOperatorScope,
} from './permission-scope.ts';

describe('operator conversation scope: one choice instead of contradictory boxes', () => {
  it('reads the narrowest flag that is on, so "apenas do seu departamento" wins over "todos"', () => {
    expect(
      operatorScopeOf({ display_all_attendances: true, allow_spies_based_on_your_department: true }),
    ).toBe('allow_spies_based_on_your_department');
    expect(operatorScopeOf({ display_all_attendances: true, allow_spies: true })).toBe('allow_spies');
    expect(operatorScopeOf({ display_all_attendances: true })).toBe('display_all_attendances');
    expect(operatorScopeOf({})).toBe('own');
  });

  it('stores exactly one scope flag on', () => {
    const all = Object.fromEntries(OPERATOR_SCOPE_FLAGS.map((flag) => [flag, true]));
    const next = withOperatorScope({ ...all, allow_operator_transfer_call: true }, 'allow_spies');
    expect(next).toEqual({
      allow_spies_based_on_your_department: false,
      allow_spies: true,
      display_all_attendances: false,
      allow_operator_transfer_call: true,
    });
    expect(operatorScopeOf(withOperatorScope(all, 'own'))).toBe('own');
  });

  it('starts a company with least privilege: nothing ticked', () => {
    const on = Object.entries(DEFAULT_COMPANY_PERMISSIONS)
      .filter(([, value]) => value)
      .map(([name]) => name);
    expect(on).toEqual([]);
    expect(Object.keys(DEFAULT_COMPANY_PERMISSIONS).sort()).toEqual(
      [...MANAGER_COMPANY_PERMISSIONS, ...OPERATOR_PERMISSIONS].sort(),
    );
  });
});
