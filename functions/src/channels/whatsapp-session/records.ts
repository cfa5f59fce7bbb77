import { WHATSAPP_SESSION_STATES } from '@atende/shared/contracts/integrations/record-fields';
import { objectId } from '@atende/shared/domain/object-id';
import * as z from 'zod';

/**
 * An unofficial WhatsApp integration as stored. It lives beside the other integrations of the company
 * (same partition) under its own sort-key prefix, so the provider code paths, which know nothing of QR
 * sessions, never see it.
 */
export const sessionIntegrationRecord = z.object({
  _id: objectId,
  company: objectId,
  type: z.literal('unofficial'),
  label: z.string(),
  created_at: z.string(),
  created_by: objectId,
  updated_at: z.string().optional(),
  /** Digits of the linked phone; '' until a QR was scanned. */
  phone: z.string(),
  state: z.enum(WHATSAPP_SESSION_STATES),
  /** The QR code of the current attempt, kept while `state` is `qr`. */
  qr: z.string().optional(),
  connection: z.boolean(),
  connection_changed_at: z.string().optional(),
  state_changed_at: z.string().optional(),
  /** Whether the worker should keep the session up (a connect was asked and no logout since). */
  active: z.boolean(),
});
export type SessionIntegrationRecord = z.infer<typeof sessionIntegrationRecord>;

/**
 * Keys:
 * - the integration: `C#<cid>#INTEGRATIONS#` / `SESSION#<id>`, in the worker's registry through gsi1
 *   (`WHATSAPP_SESSIONS` / `C#<cid>#<id>`): at start the worker finds the sessions to bring back without
 *   scanning. Like the integrations' public pointer, that index entry holds no company data but the ids;
 * - the link (Baileys credentials and signal keys, sealed): `C#<cid>#WASESSION#<id>#` / `CREDS` and
 *   `KEY#<type>#<key id>`, one partition per session so a logout deletes it with one Query.
 */
export const sessionKeys = {
  item: (companyId: string, integrationId: string) => ({
    pk: `C#${companyId}#INTEGRATIONS#`,
    sk: `SESSION#${integrationId}`,
  }),
  list: (companyId: string) => `C#${companyId}#INTEGRATIONS#`,
  itemPrefix: 'SESSION#',
  registry: (companyId: string, integrationId: string) => ({
    gsi1pk: 'WHATSAPP_SESSIONS',
    gsi1sk: `C#${companyId}#${integrationId}`,
  }),
  registryPartition: 'WHATSAPP_SESSIONS',
  auth: (companyId: string, integrationId: string) => `C#${companyId}#WASESSION#${integrationId}#`,
  creds: 'CREDS',
  key: (type: string, id: string) => `KEY#${type}#${id}`,
};
