import { describe, expect, it } from 'vitest';
import {
  anyWalletLimit,
  inWalletFilter,
  reachesCustomer,
  viewsAllContacts,
  walletLimitApplies,
  walletReach,
} from './wallet-reach.ts';

const ME = 'dddddddddddddddddddddddd';
const OTHER = 'eeeeeeeeeeeeeeeeeeeeeeee';
const MINE = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const OWNED = 'aaaaaaaaaaaaaaaaaaaaaaa2';
const THEIRS = 'aaaaaaaaaaaaaaaaaaaaaaa3';
const wallets = [
  { _id: MINE, employee_owner: OTHER, employees: [ME] },
  { _id: OWNED, employee_owner: ME, employees: [] },
  { _id: THEIRS, employee_owner: OTHER, employees: [OTHER] },
];
const on = { wallet_mode: true, limit_customers_to_wallet_employees: true };

describe('wallet limits in the inbox (spec point 5)', () => {
  it.each([
    { clause: 'both switches on limits an operator', role: 'operator', company: on, limited: true },
    { clause: 'both switches on limit a manager', role: 'manager', company: on, limited: true },
    { clause: 'except admin', role: 'admin', company: on, limited: false },
    {
      clause: 'wallet mode off: no limit',
      role: 'operator',
      company: { ...on, wallet_mode: false },
      limited: false,
    },
    {
      clause: 'limit off: no limit',
      role: 'operator',
      company: { ...on, limit_customers_to_wallet_employees: false },
      limited: false,
    },
  ] as const)('$clause', ({ role, company, limited }) => {
    expect(walletLimitApplies(role, company)).toBe(limited);
    expect(walletReach(role, ME, company, wallets).limited).toBe(limited);
  });

  it('a limited employee reaches the wallets they belong to or own, and customers in no wallet', () => {
    const reach = walletReach('operator', ME, on, wallets);
    expect([...reach.own].sort()).toEqual([MINE, OWNED]);
    expect(reachesCustomer(reach, MINE)).toBe(true);
    expect(reachesCustomer(reach, OWNED)).toBe(true);
    expect(reachesCustomer(reach, null)).toBe(true);
    expect(reachesCustomer(reach, THEIRS)).toBe(false);
  });

  it('an unlimited employee reaches every wallet', () => {
    const reach = walletReach('admin', ME, on, wallets);
    expect(reachesCustomer(reach, THEIRS)).toBe(true);
    expect(reachesCustomer(walletReach('operator', ME, { ...on, wallet_mode: false }, []), THEIRS)).toBe(
      true,
    );
  });
});

describe('wallet view limits per role and the department exemption (spec points 3 and 6)', () => {
  const modeOnly = { wallet_mode: true, limit_customers_to_wallet_employees: false };
  it.each([
    {
      clause: "the operator's flag limits operators",
      role: 'operator',
      permissions: { limit_view_customer_wallet_operator: true },
      limited: true,
    },
    {
      clause: "the operator's flag leaves managers alone",
      role: 'manager',
      permissions: { limit_view_customer_wallet_operator: true },
      limited: false,
    },
    {
      clause: "the manager's flag limits managers",
      role: 'manager',
      permissions: { limit_view_customer_wallet_manager: true },
      limited: true,
    },
    {
      clause: 'no flag binds an admin',
      role: 'admin',
      permissions: { limit_view_customer_wallet_manager: true, limit_view_customer_wallet_operator: true },
      limited: false,
    },
  ] as const)('$clause', ({ role, permissions, limited }) => {
    expect(walletLimitApplies(role, modeOnly, { permissions })).toBe(limited);
    expect(walletReach(role, ME, modeOnly, wallets, { permissions }).limited).toBe(limited);
  });

  it('needs wallet mode: a role flag alone limits no one', () => {
    const permissions = { limit_view_customer_wallet_operator: true };
    expect(walletLimitApplies('operator', { ...modeOnly, wallet_mode: false }, { permissions })).toBe(false);
    expect(anyWalletLimit({ ...modeOnly, wallet_mode: false }, permissions)).toBe(false);
    expect(anyWalletLimit(modeOnly, permissions)).toBe(true);
    expect(anyWalletLimit(modeOnly, {})).toBe(false);
  });

  it('a member of a view_all_contacts department is never limited', () => {
    const departments = [
      { employees: [ME], view_all_contacts: true },
      { employees: [OTHER], view_all_contacts: false },
    ];
    expect(viewsAllContacts(departments, ME)).toBe(true);
    expect(viewsAllContacts(departments, OTHER)).toBe(false);
    expect(walletLimitApplies('operator', on, { viewAllContacts: true })).toBe(false);
    expect(walletLimitApplies('operator', on, { viewAllContacts: false })).toBe(true);
  });
});

describe('queue count wallet filter (spec point 7: wallets, walletEnable)', () => {
  it.each([
    { clause: 'disabled: every wallet', enabled: false, list: [MINE], wallet: THEIRS, ok: true },
    { clause: 'enabled with an empty list: every wallet', enabled: true, list: [], wallet: THEIRS, ok: true },
    { clause: 'enabled: a listed wallet', enabled: true, list: [MINE], wallet: MINE, ok: true },
    { clause: 'enabled: an unlisted wallet', enabled: true, list: [MINE], wallet: THEIRS, ok: false },
    { clause: 'enabled: a customer in no wallet', enabled: true, list: [MINE], wallet: null, ok: false },
  ])('$clause', ({ enabled, list, wallet, ok }) => {
    expect(inWalletFilter({ enabled, wallets: list }, wallet)).toBe(ok);
  });
});
