import type { WhatsappSessionState } from '@atende/shared/contracts/integrations/record-fields';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { noticesPtBR } from '@atende/shared/i18n/pt-BR';
import { companyRoom } from '@atende/shared/realtime/rooms';
import { publishRefresh } from '../../company/events.ts';
import { changeCompany } from '../../company/store.ts';
import { withEntry } from '../../integrations/entries.ts';
import { COMPANY_MAP } from '../../integrations/keys.ts';
import { logger } from '../../lib/logger.ts';
import { publishToRoom } from '../../realtime/publish.ts';
import type { SessionIntegrationRecord } from './records.ts';
import { sessionEntry } from './views.ts';
import { getSessionIntegration, putSessionIntegration, sessionIntegrationReplace } from './store.ts';

/** Spec point 4: 'Whatsapp: {label} conectada.' for 4 s, '... desconectada.' for 10 s. */
export const CONNECTED_NOTICE_SECONDS = 4;
export const DISCONNECTED_NOTICE_SECONDS = 10;

export interface ConnectionNotice {
  type: 'success' | 'warning';
  content: string;
  duration: number;
}

export const connectionNotice = (label: string, connected: boolean): ConnectionNotice =>
  connected
    ? {
        type: 'success',
        content: interpolate(noticesPtBR.whatsappConnected, { label }),
        duration: CONNECTED_NOTICE_SECONDS,
      }
    : {
        type: 'warning',
        content: interpolate(noticesPtBR.whatsappDisconnected, { label }),
        duration: DISCONNECTED_NOTICE_SECONDS,
      };

/** The integration was removed while its session changed: nothing is left to record. */
class SessionRemoved extends Error {}

export interface SessionChange {
  state: WhatsappSessionState;
  qr?: string | undefined;
  phone?: string | undefined;
  active?: boolean | undefined;
}

/**
 * Records a session change on the integration and, when the connection or the linked phone changes, on the
 * company's whatsapps entry (connection, session, phone) in the same transaction; then tells the browsers
 * (refresh-whatsapp, with the spec's notice when the connection flipped). The QR itself is never broadcast:
 * the company room includes operators, and only admins and managers may read it (GET .../session).
 * Answers the record after the change, or undefined when the integration no longer exists.
 */
export async function applySessionChange(
  companyId: string,
  integrationId: string,
  change: SessionChange,
  now = new Date(),
): Promise<SessionIntegrationRecord | undefined> {
  const before = await getSessionIntegration(companyId, integrationId);
  if (!before) return undefined;
  const connection = change.state === 'open';
  const after: SessionIntegrationRecord = {
    ...before,
    state: change.state,
    qr: change.state === 'qr' ? change.qr : undefined,
    phone: change.phone ?? before.phone,
    connection,
    active: change.active ?? before.active,
    ...(before.state === change.state ? {} : { state_changed_at: now.toISOString() }),
    ...(before.connection === connection ? {} : { connection_changed_at: now.toISOString() }),
  };
  const entryChanged =
    before.connection !== after.connection || before.phone !== after.phone || before.state !== after.state;
  if (entryChanged) {
    const stored = await changeCompany(companyId, (company) => ({
      set: { [COMPANY_MAP.unofficial]: withEntry(company, after, sessionEntry(after)) },
      items: [sessionIntegrationReplace(after)],
      result: true,
      onItemConditionFailed: () => new SessionRemoved(),
    })).catch((error: unknown) => {
      if (error instanceof SessionRemoved) return false;
      throw error;
    });
    if (!stored) return undefined;
  } else if (!(await putSessionIntegration(after))) {
    return undefined;
  }
  await publishSessionChange(before, after);
  return after;
}

async function publishSessionChange(before: SessionIntegrationRecord, after: SessionIntegrationRecord) {
  const flipped = before.connection !== after.connection;
  const events: Promise<unknown>[] = [
    publishToRoom(after.company, companyRoom(after.company), 'refresh-whatsapp', {
      integration: after._id,
      action: 'connection',
      connection: after.connection,
      state: after.state,
      label: after.label,
      ...(flipped ? { notice: connectionNotice(after.label, after.connection) } : {}),
    }),
  ];
  if (flipped || before.phone !== after.phone) events.push(publishRefresh(after.company, 'update-company'));
  for (const result of await Promise.allSettled(events)) {
    if (result.status === 'rejected') {
      logger.warn('whatsapp session change not published', {
        companyId: after.company,
        integrationId: after._id,
        error: result.reason instanceof Error ? result.reason.message : String(result.reason),
      });
    }
  }
}
