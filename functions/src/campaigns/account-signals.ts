import { messagingTier, type MessagingTier } from '@atende/shared/contracts/campaigns/sender-routes';
import type { PauseReason } from '@atende/shared/contracts/campaigns/views';
import { logger } from '../lib/logger.ts';
import { pauseNumber } from './pauses.ts';
import { updateSender } from './senders.ts';

/**
 * Meta's `phone_number_quality_update` events: FLAGGED (quality dropped to low, RED), UNFLAGGED (back to
 * normal), DOWNGRADE / UPGRADE (the messaging tier moved; `current_limit` names the new one). A downgrade
 * follows a sustained low rating, so it pauses campaigns like a flag does.
 */
const QUALITY_PAUSES = new Set(['FLAGGED', 'DOWNGRADE']);
/** `account_update` events that stop or restrict the account's sending. */
const ACCOUNT_PAUSES = new Set([
  'ACCOUNT_RESTRICTION',
  'ACCOUNT_VIOLATION',
  'DISABLED_UPDATE',
  'ACCOUNT_DELETED',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export interface AccountSignal {
  field: 'phone_number_quality_update' | 'account_update';
  event: string;
  tier: MessagingTier | undefined;
}

/** The quality and account changes of a WhatsApp Business Account webhook (other fields are not these). */
export function accountSignals(payload: unknown): AccountSignal[] {
  if (!isRecord(payload) || payload.object !== 'whatsapp_business_account' || !Array.isArray(payload.entry))
    return [];
  const signals: AccountSignal[] = [];
  for (const entry of payload.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes) {
      if (!isRecord(change) || !isRecord(change.value) || typeof change.value.event !== 'string') continue;
      if (change.field !== 'phone_number_quality_update' && change.field !== 'account_update') continue;
      const tier = messagingTier.safeParse(change.value.current_limit);
      signals.push({
        field: change.field,
        event: change.value.event,
        tier: tier.success ? tier.data : undefined,
      });
    }
  }
  return signals;
}

/**
 * Applies one number's quality and account signals: the governor's tier and quality follow Meta's, and every
 * campaign sending through the number pauses on a low rating, a downgrade or an account restriction (with
 * the pt-BR reason on its screen). Answers the campaigns it paused.
 */
export async function applyAccountSignals(companyId: string, integrationId: string, payload: unknown) {
  const paused: string[] = [];
  for (const signal of accountSignals(payload)) {
    let reason: PauseReason | undefined;
    if (signal.field === 'phone_number_quality_update') {
      const quality = signal.event === 'FLAGGED' ? 'RED' : signal.event === 'UNFLAGGED' ? 'GREEN' : undefined;
      await updateSender(companyId, integrationId, {
        ...(quality ? { quality } : {}),
        ...(signal.tier ? { tier: signal.tier } : {}),
      });
      if (QUALITY_PAUSES.has(signal.event)) reason = 'quality';
    } else if (ACCOUNT_PAUSES.has(signal.event)) {
      reason = 'account';
    }
    if (reason) paused.push(...(await pauseNumber(companyId, integrationId, reason)));
    logger.info('whatsapp account signal', { integrationId, ...signal, paused: paused.length });
  }
  return paused;
}
