import { describe, expect, it } from 'vitest';
import { canManageCustomer, maskSensitive, sensitiveMaskMode, type WalletScope } from './customers.ts';

const ME = 'dddddddddddddddddddddddd';
const scope = (role: WalletScope['role'], walletMode: boolean, limit: boolean): WalletScope => ({
  role,
  employeeId: ME,
  company: { wallet_mode: walletMode, limit_customers_to_wallet_employees: limit },
});
const mine = { employees: [ME] };
const theirs = { employees: ['eeeeeeeeeeeeeeeeeeeeeeee'] };

describe('customer management limited to wallet members (spec point 5)', () => {
  it.each([
    {
      clause: 'wallet mode and limit on: member manages',
      s: scope('operator', true, true),
      wallet: mine,
      ok: true,
    },
    {
      clause: 'wallet mode and limit on: non-member refused',
      s: scope('manager', true, true),
      wallet: theirs,
      ok: false,
    },
    {
      clause: 'customer in no wallet: open to everyone',
      s: scope('operator', true, true),
      wallet: null,
      ok: true,
    },
    {
      clause: 'wallet not found: refused under the limit',
      s: scope('operator', true, true),
      wallet: undefined,
      ok: false,
    },
    { clause: 'except admin', s: scope('admin', true, true), wallet: theirs, ok: true },
    { clause: 'limit off: anyone', s: scope('operator', true, false), wallet: theirs, ok: true },
    { clause: 'wallet mode off: anyone', s: scope('operator', false, true), wallet: theirs, ok: true },
    {
      clause: 'the wallet owner is a member',
      s: scope('operator', true, true),
      wallet: { employees: [], employee_owner: ME },
      ok: true,
    },
  ])('$clause', ({ s, wallet, ok }) => {
    expect(canManageCustomer(s, wallet)).toBe(ok);
  });
});

describe('sensitive fields hidden partially or totally (spec points 5, 6)', () => {
  it.each([
    {
      clause: 'admin sees all',
      role: 'admin',
      perms: { hide_personal_data_manager_open: true },
      mode: 'none',
    },
    {
      clause: 'manager with the hide flag',
      role: 'manager',
      perms: { hide_personal_data_manager_open: true },
      mode: 'total',
    },
    { clause: 'manager without the flag', role: 'manager', perms: {}, mode: 'none' },
    {
      clause: 'operator with the hide flag',
      role: 'operator',
      perms: { hide_personal_data_operator_open: true },
      mode: 'total',
    },
  ] as const)('$clause', ({ role, perms, mode }) => {
    expect(sensitiveMaskMode(role, perms as Record<string, boolean>, 'total')).toBe(mode);
  });

  it.each([
    {
      clause: 'partial phone keeps the last 4 digits',
      value: '+55 85 99999-0000',
      kind: 'phone',
      mode: 'partial',
      out: '+** ** *****-0000',
    },
    {
      clause: 'partial e-mail keeps first letter and domain',
      value: 'ana@empresa.com',
      kind: 'email',
      mode: 'partial',
      out: 'a***@empresa.com',
    },
    {
      clause: 'total hides everything',
      value: 'ana@empresa.com',
      kind: 'email',
      mode: 'total',
      out: '********',
    },
    { clause: 'none shows the value', value: '85999990000', kind: 'phone', mode: 'none', out: '85999990000' },
  ] as const)('$clause', ({ value, kind, mode, out }) => {
    expect(maskSensitive(value, kind, mode)).toBe(out);
  });
});
