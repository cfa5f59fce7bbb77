import {
  PROVIDER_INTEGRATION_TYPES,
  widgetSettings,
} from '@atende/shared/contracts/integrations/record-fields';
import { objectId } from '@atende/shared/domain/object-id';
import * as z from 'zod';
import { sealedCredentials } from './sealed.ts';

/** An integration as stored (keys stripped by parsing). */
export const widgetIntegrationRecord = z.object({
  _id: objectId,
  company: objectId,
  type: z.literal('widget'),
  label: z.string(),
  created_at: z.string(),
  created_by: objectId,
  settings: widgetSettings,
});

/** The provider adapters an integration can use (functions/src/channels/providers.ts). */
export const PROVIDERS = [
  'meta',
  'dialog',
  'gupshup',
  'motor',
  'messenger',
  'instagram',
  'telegram',
  'email',
] as const;
export type Provider = (typeof PROVIDERS)[number];

/**
 * A provider integration: credentials sealed (crypto.ts), their masked form kept beside them so lists never
 * decrypt, and the connection state the company entry mirrors.
 */
export const providerIntegrationRecord = z.object({
  _id: objectId,
  company: objectId,
  type: z.enum(PROVIDER_INTEGRATION_TYPES),
  provider: z.enum(PROVIDERS),
  label: z.string(),
  created_at: z.string(),
  created_by: objectId,
  updated_at: z.string().optional(),
  credentials: sealedCredentials,
  masked: z.record(z.string(), z.string()),
  connection: z.boolean(),
  connection_changed_at: z.string().optional(),
  /**
   * An e-mail integration's mailbox (absent on integrations stored before confirmation existed, whose
   * address counts as confirmed): the address proven by a code sent to it, which inbound mail is routed by,
   * and the address waiting for its code (mailbox-verification.ts).
   */
  mailbox: z
    .object({
      confirmed: z.string().optional(),
      pending: z
        .object({
          address: z.string(),
          code_hash: z.string(),
          expires_at: z.string(),
          sent_at: z.string(),
          attempts: z.number().int(),
        })
        .optional(),
    })
    .optional(),
});

export const integrationRecord = z.discriminatedUnion('type', [
  widgetIntegrationRecord,
  providerIntegrationRecord,
]);
export type IntegrationRecord = z.infer<typeof integrationRecord>;
export type WidgetIntegrationRecord = z.infer<typeof widgetIntegrationRecord>;
export type ProviderIntegrationRecord = z.infer<typeof providerIntegrationRecord>;

/** What the global pointer keeps. */
export const integrationPointer = z.object({ companyId: objectId, type: z.string() });
