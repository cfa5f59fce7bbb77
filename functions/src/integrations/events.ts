import type { IntegrationType } from '@atende/shared/contracts/integrations/views';
import { companyRoom } from '@atende/shared/realtime/rooms';
import type { CHANNEL_CHANGE_ACTIONS } from '@atende/shared/realtime/server-events';
import { publishRefresh } from '../company/events.ts';
import { logger } from '../lib/logger.ts';
import { publishToRoom } from '../realtime/publish.ts';

type ChannelEvent =
  'whatsapp-official' | 'refresh-whatsapp' | 'messenger' | 'instagram' | 'telegram' | 'email-api';

/** Spec point 7: the realtime channel each integration type refreshes on. */
const EVENTS: Record<Exclude<IntegrationType, 'widget'>, ChannelEvent> = {
  official: 'whatsapp-official',
  messenger: 'messenger',
  instagram: 'instagram',
  telegram: 'telegram',
  email: 'email-api',
  unofficial: 'refresh-whatsapp',
};

export interface ChannelChange {
  integration: string;
  action: (typeof CHANNEL_CHANGE_ACTIONS)[number];
  connection?: boolean | undefined;
}

/**
 * Tells the company's browsers an integration changed: its channel event (the channels page and the
 * official WhatsApp header listen to it; WhatsApp changes also send refresh-whatsapp for the shell's
 * connection notices) and refresh-session update-company (the lists read from the company record). The change
 * is saved already: a lost frame only delays a refresh, so failures are logged.
 */
export async function publishChannelChange(
  companyId: string,
  type: IntegrationType,
  change: ChannelChange,
): Promise<void> {
  const room = companyRoom(companyId);
  const data = {
    integration: change.integration,
    action: change.action,
    ...(change.connection === undefined ? {} : { connection: change.connection }),
  };
  const events: Promise<unknown>[] = [publishRefresh(companyId, 'update-company')];
  if (type !== 'widget') events.push(publishToRoom(companyId, room, EVENTS[type], data));
  if (type === 'official') events.push(publishToRoom(companyId, room, 'refresh-whatsapp', data));
  const results = await Promise.allSettled(events);
  for (const result of results) {
    if (result.status === 'rejected') {
      logger.warn('channel change not published', {
        companyId,
        error: result.reason instanceof Error ? result.reason.message : String(result.reason),
      });
    }
  }
}
