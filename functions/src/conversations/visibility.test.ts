import type { Role } from '@atende/shared/domain/constants';
import { UNLIMITED, type WalletReach } from '@atende/shared/rules/wallet-reach';
import { describe, expect, it } from 'vitest';
import { canSee, mayTake, type Viewer } from './visibility.ts';

const ME = 'dddddddddddddddddddddddd';
const OTHER = 'eeeeeeeeeeeeeeeeeeeeeeee';
const MINE = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const THEIRS = 'aaaaaaaaaaaaaaaaaaaaaaa2';
const SALES = 'bbbbbbbbbbbbbbbbbbbbbbb1';

const limited: WalletReach = { limited: true, own: new Set([MINE]) };

const viewer = (role: Role, wallets: WalletReach, permissions: Record<string, boolean> = {}): Viewer => ({
  employeeId: ME,
  role,
  permissions,
  departments: new Set([SALES]),
  mask: 'none',
  wallets,
});

const queued = (wallet: string | null) => ({
  status: 'queue' as const,
  department: SALES,
  employee: null,
  wallet,
});

describe('canSee and mayTake under the wallet limit', () => {
  it('lets a limited operator see and take their wallets and customers in no wallet only', () => {
    const operator = viewer('operator', limited);
    expect(canSee(operator, queued(MINE))).toBe(true);
    expect(canSee(operator, queued(null))).toBe(true);
    expect(canSee(operator, queued(THEIRS))).toBe(false);
    expect(mayTake(operator, queued(MINE))).toBe(true);
    expect(mayTake(operator, queued(THEIRS))).toBe(false);
  });

  it('is not widened by spy or view-all permissions', () => {
    const spy = viewer('operator', limited, { allow_spies: true, display_all_attendances: true });
    expect(canSee(spy, queued(THEIRS))).toBe(false);
    expect(mayTake(spy, queued(THEIRS))).toBe(false);
    const manager = viewer('manager', limited, { manage_allow_spies: true, manage_queue_all: true });
    expect(canSee(manager, queued(THEIRS))).toBe(false);
    expect(mayTake(manager, queued(THEIRS))).toBe(false);
  });

  it('keeps a conversation visible to the employee serving it', () => {
    const serving = {
      status: 'in_service' as const,
      department: SALES,
      employee: { _id: ME },
      wallet: THEIRS,
    };
    expect(canSee(viewer('operator', limited), serving)).toBe(true);
    expect(canSee(viewer('operator', limited), { ...serving, employee: { _id: OTHER } })).toBe(false);
  });

  it('leaves admins and unlimited viewers to the department rules', () => {
    expect(canSee(viewer('admin', UNLIMITED), queued(THEIRS))).toBe(true);
    expect(canSee(viewer('operator', UNLIMITED), queued(THEIRS))).toBe(true);
    expect(canSee(viewer('operator', UNLIMITED), { ...queued(THEIRS), department: OTHER })).toBe(false);
  });
});
