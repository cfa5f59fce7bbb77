import type {
  UnofficialIntegrationView,
  WhatsappSessionView,
} from '@atende/shared/contracts/integrations/views';
import { WHATSAPP_INTEGRATION_TYPES } from '@atende/shared/domain/constants';
import { maskSecret } from '../../integrations/sealed.ts';
import type { SessionIntegrationRecord } from './records.ts';

/** whatsapps_integrations_type of the unofficial session: the product's own kind (spec point 3, '{product}'). */
export const UNOFFICIAL_WHATSAPP_TYPE = WHATSAPP_INTEGRATION_TYPES[0];

export function toSessionView(record: SessionIntegrationRecord): WhatsappSessionView {
  return {
    state: record.state,
    ...(record.state === 'qr' && record.qr ? { qr: record.qr } : {}),
    ...(record.phone ? { phone: record.phone } : {}),
    ...(record.state_changed_at ? { changed_at: record.state_changed_at } : {}),
  };
}

export function toUnofficialView(record: SessionIntegrationRecord): UnofficialIntegrationView {
  const { qr: _qr, ...session } = toSessionView(record);
  return {
    _id: record._id,
    type: 'unofficial',
    label: record.label,
    created_at: record.created_at,
    connection: record.connection,
    phone: record.phone,
    session,
  };
}

/**
 * The company's whatsapps entry (spec point 3: label, phone, access_token, connection, session). A QR
 * session has no provider token: `access_token` is a masked marker whose presence offers the integration in
 * the UI lists (spec point 5); the conversation engine and the send warning read `connection`.
 */
export const sessionEntry = (record: SessionIntegrationRecord): Record<string, unknown> => ({
  label: record.label,
  phone: record.phone,
  access_token: maskSecret(record._id),
  connection: record.connection,
  session: record.state,
  type: UNOFFICIAL_WHATSAPP_TYPE,
});
