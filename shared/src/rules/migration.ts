import { errorsPtBR, migrationPtBR } from '../i18n/pt-BR.ts';

export interface MigrationRequest {
  confirmed: boolean;
  integrationId: string | undefined;
  customer: { channel: string; cel_phone?: string | undefined } | undefined;
}

/** silent: refused without a message (spec point 5: customer missing or already on WhatsApp). */
export type MigrationCheck = { ok: true } | { ok: false; message: string } | { ok: false; silent: true };

/** Spec point 5, migration to WhatsApp, in the spec's order. */
export function checkMigration(request: MigrationRequest): MigrationCheck {
  if (!request.confirmed) return { ok: false, message: migrationPtBR.notConfirmed };
  if (!request.integrationId) return { ok: false, message: migrationPtBR.noIntegration };
  if (!request.customer || request.customer.channel === 'whatsapp') return { ok: false, silent: true };
  if (!request.customer.cel_phone?.trim()) return { ok: false, message: migrationPtBR.noPhone };
  return { ok: true };
}

/** Spec point 8: a failure carrying a message means the number already exists; anything else is generic. */
export function migrationFailureMessage(error: { data?: { message?: string } } | undefined): string {
  return error?.data?.message ? migrationPtBR.duplicateNumber : errorsPtBR.processFailed;
}
