import { messagingTier, type MessagingTier } from '@atende/shared/contracts/campaigns/sender-routes';
import type { PauseReason } from '@atende/shared/contracts/campaigns/campaign-fields';
import { openCredentials } from '../integrations/crypto.ts';
import type { IntegrationRecord } from '../integrations/records.ts';
import { getIntegration, listIntegrations } from '../integrations/store.ts';
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
  /** The number a quality update is about (digits); one business account may hold several numbers. */
  phone: string | undefined;
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
      const phone = change.value.display_phone_number;
      signals.push({
        field: change.field,
        event: change.value.event,
        tier: tier.success ? tier.data : undefined,
        phone: typeof phone === 'string' ? phone.replace(/\D/g, '') || undefined : undefined,
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
      const number = await numberIntegration(companyId, integrationId, signal.phone);
      if (!number) {
        logger.info('quality update for a number with no integration here', { integrationId });
        continue;
      }
      if (number !== integrationId) {
        // Another number of the same business account: its own integration's campaigns, not this one's.
        paused.push(...(await applyAccountSignals(companyId, number, onlySignal(signal))));
        continue;
      }
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

/** A quality update rebuilt as a one-change payload, to apply it to the integration of the number it names. */
const onlySignal = (signal: AccountSignal) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      changes: [
        {
          field: signal.field,
          value: {
            event: signal.event,
            ...(signal.tier ? { current_limit: signal.tier } : {}),
            ...(signal.phone ? { display_phone_number: signal.phone } : {}),
          },
        },
      ],
    },
  ],
});

const phoneOf = (record: IntegrationRecord | undefined): string | undefined => {
  if (!record || record.type !== 'official') return undefined;
  const phone = openCredentials(record.credentials, record._id).phone;
  return typeof phone === 'string' ? phone.replace(/\D/g, '') : undefined;
};

/**
 * The company's official integration sending from `phone` (the webhook's own integration when it is that
 * number, or when the update names none); undefined when no integration of the company has the number.
 */
async function numberIntegration(
  companyId: string,
  integrationId: string,
  phone: string | undefined,
): Promise<string | undefined> {
  if (!phone) return integrationId;
  const own = await getIntegration(companyId, integrationId);
  const ownPhone = phoneOf(own);
  if (ownPhone === undefined || ownPhone === phone) return integrationId;
  const other = (await listIntegrations(companyId)).find((record) => phoneOf(record) === phone);
  return other?._id;
}
