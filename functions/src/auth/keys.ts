import { employeePartition } from './entities.ts';

/** What a throttle counter counts: see auth/throttle.ts. */
export type ThrottleKind =
  'ACCOUNT' | 'ADDRESS' | 'ACCOUNT_ADDRESS' | 'REGISTER' | 'SIGNUP_CONFIRM' | 'PASSWORD' | 'EMAIL_CHECK';

/**
 * Keys of the items the accounts API keeps in the main table.
 *
 * Company data: every key begins with `C#<companyId>#`. An employee's profile (entities.ts), credential and sessions share
 * one partition, so the authorizer's reads and the "other sessions of this employee" query stay in it.
 *
 * Three lookups must happen before any company is known, so they use global keys holding only ids, counters,
 * hashes or the person's own login identity, never company data:
 * - `EMAIL#<email>`: the login account, one per person across companies (accounts.ts). Sort key `EMAIL` is the
 *   account item (password hash, name, first-login flag, last company used; its unique key enforces e-mail
 *   uniqueness atomically), `MEMBER#<companyId>` one item per company the account is an employee of, holding
 *   only the company and employee ids, and `INVITE#<companyId>` one per pending invitation (invitation-store.ts).
 * - `SIGNUP#<sha256>`: a sign-up waiting for its mailed confirmation link (sign-up.ts).
 * - `REFRESH#<sha256>`: a refresh request carries only the opaque token.
 * - `THROTTLE#<kind>#<subject>`: failed sign-ins are counted per e-mail and per client address.
 */
export const keys = {
  company: (companyId: string) => ({ pk: `C#${companyId}#COMPANY`, sk: 'PROFILE' }),
  credential: (companyId: string, employeeId: string) => ({
    pk: employeePartition(companyId, employeeId),
    sk: 'CREDENTIAL',
  }),
  session: (companyId: string, employeeId: string, sessionId: string) => ({
    pk: employeePartition(companyId, employeeId),
    sk: `SESSION#${sessionId}`,
  }),
  sessionPrefix: 'SESSION#',
  /** gsi1: the sessions a browser registered (identify-user-for-browser...). */
  browserIndex: (companyId: string, browserSessionId: string) => `C#${companyId}#BROWSER#${browserSessionId}`,
  modalNotifications: (companyId: string) => `C#${companyId}#MODAL_NOTIFICATION`,
  modalNotificationSort: (accountType: string, role: string, notificationId: string) =>
    `${accountType}#${role}#${notificationId}`,
  email: (email: string) => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  membership: (email: string, companyId: string) => ({ pk: `EMAIL#${email}`, sk: `MEMBER#${companyId}` }),
  membershipPrefix: 'MEMBER#',
  refresh: (hash: string) => ({ pk: `REFRESH#${hash}`, sk: 'REFRESH' }),
  throttle: (kind: ThrottleKind, subject: string) => ({
    pk: `THROTTLE#${kind}#${subject}`,
    sk: 'THROTTLE',
  }),
};

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** A name as searched: lowercase, without accents, single spaces ("  José  Silva" → "jose silva"). */
export const searchableName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
