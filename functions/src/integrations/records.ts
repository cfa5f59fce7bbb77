import { widgetSettings } from '@atende/shared/contracts/integrations/views';
import { objectId } from '@atende/shared/domain/object-id';
import { z } from 'zod';

/** An integration as stored (keys stripped by parsing). Provider types add their members here. */
export const widgetIntegrationRecord = z.object({
  _id: objectId,
  company: objectId,
  type: z.literal('widget'),
  label: z.string(),
  created_at: z.string(),
  created_by: objectId,
  settings: widgetSettings,
});

export const integrationRecord = z.discriminatedUnion('type', [widgetIntegrationRecord]);
export type IntegrationRecord = z.infer<typeof integrationRecord>;
export type WidgetIntegrationRecord = z.infer<typeof widgetIntegrationRecord>;

/** What the global pointer keeps. */
export const integrationPointer = z.object({ companyId: objectId, type: z.string() });
