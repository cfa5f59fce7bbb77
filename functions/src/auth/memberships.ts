import type { MemberStatus } from './accounts.ts';

export type MembershipChoice =
  { member: MemberStatus } | { refused: 'not-member' | 'inactive' | 'none-active' };

/**
 * The company a session opens in: the one asked for (it must be a membership the account may work in),
 * else the last one used while it is still usable, else the first usable one (home first).
 */
export function chooseMembership(
  statuses: readonly MemberStatus[],
  options: { wanted?: string | undefined; last?: string | undefined },
): MembershipChoice {
  if (options.wanted !== undefined) {
    const member = statuses.find((status) => status.companyId === options.wanted);
    if (!member) return { refused: 'not-member' };
    return member.active ? { member } : { refused: 'inactive' };
  }
  const usable = statuses.filter((status) => status.active);
  const member = usable.find((status) => status.companyId === options.last) ?? usable[0];
  return member ? { member } : { refused: 'none-active' };
}
