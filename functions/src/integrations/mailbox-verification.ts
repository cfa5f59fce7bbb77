import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { channelsPtBR } from '@atende/shared/i18n/pt-BR';
import { sendAccountMail } from '../auth/account-mail.ts';
import { normalizedAddress } from '../channels/email/mailboxes.ts';
import { Invalid, TooManyRequests } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import type { ProviderIntegrationRecord } from './records.ts';

/**
 * Inbound mail is routed by the address it was sent to, so an address must be proven before it routes
 * anything: a new or changed e-mail integration waits, disconnected and claiming nothing, until the code
 * mailed to that address is typed back. Claiming nothing means a stranger who types someone else's address
 * never blocks the real owner; whoever confirms first holds the address.
 */
export const MAILBOX_CODE = {
  ttlMinutes: 60,
  maxAttempts: 5,
  resendAfterSeconds: 60,
} as const;

type Pending = NonNullable<NonNullable<ProviderIntegrationRecord['mailbox']>['pending']>;

const codeHash = (integrationId: string, code: string) =>
  createHash('sha256').update(`${integrationId}:${code}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * `record` waiting for the code of `address`, the code returned to be mailed after the commit. The address
 * confirmed before (`confirmed`, on a change of address) keeps receiving and sending until the new one is
 * proven, so a typo never cuts a working mailbox; with none the integration stays disconnected.
 */
export function withPendingMailbox(
  record: ProviderIntegrationRecord,
  address: string,
  confirmed: string | undefined,
  now: Date,
): { record: ProviderIntegrationRecord; code: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const pending: Pending = {
    address: normalizedAddress(address),
    code_hash: codeHash(record._id, code),
    expires_at: new Date(now.getTime() + MAILBOX_CODE.ttlMinutes * 60_000).toISOString(),
    sent_at: now.toISOString(),
    attempts: 0,
  };
  return {
    record: {
      ...record,
      mailbox: { ...(confirmed ? { confirmed } : {}), pending },
      ...(confirmed ? {} : { connection: false, connection_changed_at: now.toISOString() }),
    },
    code,
  };
}

/** Whether a change of `before` into `after` needs a new code: a new e-mail integration or a new address. */
export function needsMailboxCode(
  before: ProviderIntegrationRecord | null,
  after: ProviderIntegrationRecord,
): boolean {
  if (after.provider !== 'email' || !after.masked.email) return false;
  if (!before) return true;
  return normalizedAddress(before.masked.email ?? '') !== normalizedAddress(after.masked.email);
}

/** Mails the code; a failure is logged and the admin asks for another (the integration stays pending). */
export async function mailMailboxCode(record: ProviderIntegrationRecord, code: string): Promise<void> {
  const address = record.mailbox?.pending?.address;
  if (!address) return;
  try {
    await sendAccountMail({
      to: address,
      subject: channelsPtBR.mailboxCodeSubject,
      text: interpolate(channelsPtBR.mailboxCodeText, {
        code,
        minutes: MAILBOX_CODE.ttlMinutes,
      }),
    });
  } catch (error) {
    logger.warn('mailbox code not sent', {
      integrationId: record._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The pending confirmation of `record`, or a 400 on `code` when there is none. */
export function pendingOf(record: ProviderIntegrationRecord): Pending {
  const pending = record.provider === 'email' ? record.mailbox?.pending : undefined;
  if (!pending) throw new Invalid('code', channelsPtBR.mailboxNothingPending);
  return pending;
}

export type CodeCheck = { ok: true } | { ok: false; error: Invalid };

/** Checks `code` against the pending confirmation: expired and exhausted codes are refused before comparing. */
export function checkMailboxCode(record: ProviderIntegrationRecord, code: string, now: Date): CodeCheck {
  const pending = pendingOf(record);
  if (pending.attempts >= MAILBOX_CODE.maxAttempts || Date.parse(pending.expires_at) <= now.getTime()) {
    return { ok: false, error: new Invalid('code', channelsPtBR.mailboxCodeExpired) };
  }
  return sameHash(pending.code_hash, codeHash(record._id, code.trim()))
    ? { ok: true }
    : { ok: false, error: new Invalid('code', channelsPtBR.mailboxCodeWrong) };
}

/** A new code for the same address, at most one a minute (429 with Retry-After otherwise). */
export function resentMailbox(
  record: ProviderIntegrationRecord,
  now: Date,
): { record: ProviderIntegrationRecord; code: string } {
  const pending = pendingOf(record);
  const wait = Math.ceil(
    (Date.parse(pending.sent_at) + MAILBOX_CODE.resendAfterSeconds * 1000 - now.getTime()) / 1000,
  );
  if (wait > 0) throw new TooManyRequests(channelsPtBR.mailboxResendWait, wait);
  return withPendingMailbox(record, pending.address, record.mailbox?.confirmed, now);
}

/** The record once its pending address is proven: that address confirmed, connected. */
export function confirmedMailbox(record: ProviderIntegrationRecord, now: Date): ProviderIntegrationRecord {
  const pending = pendingOf(record);
  return {
    ...record,
    mailbox: { confirmed: pending.address },
    connection: true,
    connection_changed_at: now.toISOString(),
  };
}
