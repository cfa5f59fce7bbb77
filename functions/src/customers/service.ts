import type { migrateChannelBody } from '@atende/shared/contracts/customers/migrate-channel';
import { errorsPtBR, inboxPtBR, migrationPtBR } from '@atende/shared/i18n/pt-BR';
import { checkMigration } from '@atende/shared/rules/migration';
import type { z } from 'zod';
import { readCompanyItem } from '../company/store.ts';
import { findIntegration } from '../conversations/integrations.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../lib/errors.ts';
import { getCustomer, migrateToWhatsapp } from '../contacts/customer-record.ts';

/**
 * PUT contacts-manager/contacts/channel (spec points 4, 5, 8): the spec's checks in its order, then the number
 * claimed for the customer and the channel switched, atomically. A number another contact already holds answers
 * 409 with a message, which the browser turns into the duplicate-number text.
 */
export async function migrateChannel(auth: AuthContext, body: z.infer<typeof migrateChannelBody>) {
  if (body.companyId !== auth.companyId || (body.company !== undefined && body.company !== auth.companyId)) {
    throw new Forbidden(inboxPtBR.differentCompany);
  }
  if (body.employee !== auth.employeeId) throw new Forbidden(inboxPtBR.differentCompany);
  const customer = await getCustomer(auth.companyId, body.customerId);
  const phone = (body.cel_phone ?? customer?.cel_phone ?? '').trim();
  const check = checkMigration({
    confirmed: body.confirmed,
    integrationId: body.whatsapp_integration,
    customer: customer ? { channel: customer.channel, cel_phone: phone } : undefined,
  });
  if (!check.ok) {
    if ('silent' in check) {
      if (!customer) throw new NotFound(inboxPtBR.conversationNotFound);
      throw new Conflict(errorsPtBR.processFailed);
    }
    throw new Invalid(
      check.message === migrationPtBR.noPhone ? 'cel_phone' : 'whatsapp_integration',
      check.message,
    );
  }
  const integrationId = body.whatsapp_integration as string;
  const company = await readCompanyItem(auth.companyId);
  if (
    !findIntegration(company, 'whatsapp', integrationId) &&
    !findIntegration(company, 'official', integrationId)
  ) {
    throw new Invalid('whatsapp_integration', migrationPtBR.noIntegration);
  }
  if (!customer || !(await migrateToWhatsapp(auth.companyId, customer, phone, integrationId))) {
    throw new Conflict(migrationPtBR.duplicateNumber);
  }
  return {
    _id: customer._id,
    channel: 'whatsapp' as const,
    cel_phone: phone,
    channel_metadata: { integration: integrationId },
  };
}
