import {
  confirmMailbox,
  resendMailboxCode,
} from '@atende/shared/contracts/integrations/mailbox-confirmation';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { getChannelHealth } from '@atende/shared/contracts/integrations/get-channel-health';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import { removeWhatsappIntegration } from '@atende/shared/contracts/integrations/remove-whatsapp-integration';
import { updateChannelIntegration } from '@atende/shared/contracts/integrations/update-channel-integration';
import {
  connectWhatsappSession,
  getWhatsappSession,
  logoutWhatsappSession,
} from '@atende/shared/contracts/integrations/whatsapp-session';
import type {
  CreateIntegrationBody,
  UpdateIntegrationBody,
} from '@atende/shared/contracts/integrations/views';
import type { ServerEvent } from '@atende/shared/realtime/server-events';
import { callRoute } from '../../../lib/api/call-route.ts';

export const channelKeys = {
  all: ['integrations'] as const,
  list: ['integrations', 'channels'] as const,
  health: ['integrations', 'health'] as const,
  session: (id: string) => ['integrations', 'session', id] as const,
};

/** Spec point 7 realtime channels that say a channel's connection or list changed. */
export const CHANNEL_EVENTS: readonly ServerEvent[] = [
  'refresh-whatsapp',
  'whatsapp-official',
  'telegram',
  'messenger',
  'instagram',
  'email-api',
];

export const fetchChannels = async () => (await callRoute(listChannelIntegrations)).items;

export const fetchChannelHealth = async () => (await callRoute(getChannelHealth)).health;

export const createChannel = (body: CreateIntegrationBody) => callRoute(createChannelIntegration, { body });

export const updateChannel = (id: string, body: UpdateIntegrationBody) =>
  callRoute(updateChannelIntegration, { params: { id }, body });

export const deleteChannel = (id: string) => callRoute(deleteChannelIntegration, { params: { id } });

/** Spec point 7 `companies/{companyId}/whatsapp-integration/remove`; answers the spec's success message. */
export const removeWhatsapp = (companyId: string, integration: string) =>
  callRoute(removeWhatsappIntegration, { params: { companyId }, body: { integration } });

/** Unofficial WhatsApp: starts the session; the QR code follows (realtime refresh, then the session read). */
export const connectSession = (id: string) => callRoute(connectWhatsappSession, { params: { id } });

export const fetchSession = (id: string) => callRoute(getWhatsappSession, { params: { id } });

export const logoutSession = (id: string) => callRoute(logoutWhatsappSession, { params: { id } });

/** An e-mail channel's address is proven by the 6-digit code mailed to it. */
export const confirmMailboxCode = (id: string, code: string) =>
  callRoute(confirmMailbox, { params: { id }, body: { code } });

export const resendMailbox = (id: string) => callRoute(resendMailboxCode, { params: { id } });
