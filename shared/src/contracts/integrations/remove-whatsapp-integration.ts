import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

export const removeWhatsappIntegrationParams = z.object({ companyId: objectId });
/** The integration id, with or without the company entry's 'integration-' prefix. */
export const removeWhatsappIntegrationBody = z.object({
  integration: z
    .string()
    .trim()
    .transform((value) => value.replace(/^integration-/, ''))
    .pipe(objectId),
});
/** 'Integração com WhatsApp acaba de ser desligada.' on success (spec point 7). */
export const removeWhatsappIntegrationResponse = z.object({ message: z.string() });

/**
 * Spec point 7 `POST companies/{companyId}/whatsapp-integration/remove`: disconnects and removes a WhatsApp
 * integration. The company is the caller's: another company id in the path is a 403. A failure answers
 * 'Error ao realizar processo.'.
 */
export const removeWhatsappIntegration = defineRoute({
  id: 'integrations.removeWhatsapp',
  method: 'POST',
  path: '/companies/{companyId}/whatsapp-integration/remove',
  domain: 'integrations',
  auth: 'employee',
  access: { roles: ['admin', 'manager'], companyPermission: 'manage_integration' },
  params: removeWhatsappIntegrationParams,
  body: removeWhatsappIntegrationBody,
  response: removeWhatsappIntegrationResponse,
});
