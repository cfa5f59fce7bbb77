import { defineRoute } from '../types.ts';
import { integrationIdParams, whatsappSessionView } from './views.ts';

const access = { roles: ['admin', 'manager'], companyPermission: 'manage_integration' } as const;

/**
 * Starts (or restarts) the unofficial WhatsApp session of the integration. The session worker answers
 * asynchronously: the QR code arrives over realtime (refresh-whatsapp) and through the session route below.
 */
export const connectWhatsappSession = defineRoute({
  id: 'integrations.connectWhatsappSession',
  method: 'POST',
  path: '/integrations/channels/{id}/connect',
  domain: 'integrations',
  auth: 'employee',
  access,
  params: integrationIdParams,
  response: whatsappSessionView,
  successStatus: 202,
});

/** The session's state and, while waiting for a scan, the QR code to show. */
export const getWhatsappSession = defineRoute({
  id: 'integrations.getWhatsappSession',
  method: 'GET',
  path: '/integrations/channels/{id}/session',
  domain: 'integrations',
  auth: 'employee',
  access,
  params: integrationIdParams,
  response: whatsappSessionView,
});

/** Unlinks the device from the phone and forgets the stored link: the next connect needs a new QR. */
export const logoutWhatsappSession = defineRoute({
  id: 'integrations.logoutWhatsappSession',
  method: 'POST',
  path: '/integrations/channels/{id}/logout',
  domain: 'integrations',
  auth: 'employee',
  access,
  params: integrationIdParams,
  response: whatsappSessionView,
  successStatus: 202,
});
