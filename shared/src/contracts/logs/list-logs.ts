import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { adminPtBR } from '../../i18n/pt-BR.ts';
import { DATE_FORMATS } from '../../rules/formats.ts';
import { page, pageQuery } from '../employees/paging.ts';
import { defineRoute } from '../types.ts';

dayjs.extend(customParseFormat);

export const AUDIT_ENTITIES = [
  'employee',
  'department',
  'tabulation',
  'company_settings',
  'company_permissions',
  'company_profile',
  'company_rollout_blacklist',
  'integration',
  'contact',
  'contact_import',
  'contact_export',
  'wallet',
  'app',
  'webhook_endpoint',
  'api_key',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'deactivate',
  'reactivate',
  /** A background job came to its end (contact import). */
  'finish',
  /** Something was asked for and runs in the background (contact export). */
  'request',
  /** An integrator called the API with a key (the actor is the key). */
  'api_call',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A day typed in one of the date-range picker's formats, answered as YYYY-MM-DD. */
const pickerDay = z.string().transform((value, ctx) => {
  const day = DATE_FORMATS.map((format) => dayjs(value, format, true)).find((parsed) => parsed.isValid());
  if (!day) {
    ctx.addIssue({ code: 'custom', message: adminPtBR.invalidDate });
    return z.NEVER;
  }
  return day.format('YYYY-MM-DD');
});

/** Spec, date-range picker: the start may not be after the end. Days are the company's timezone days. */
export const listLogsQuery = z
  .object({
    from: pickerDay.optional(),
    to: pickerDay.optional(),
    entity: z.enum(AUDIT_ENTITIES).optional(),
    ...pageQuery,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: adminPtBR.dateRangeOrder,
  });

export const auditLogView = z.object({
  _id: objectId,
  at: z.string(),
  actor: z.object({ _id: objectId, name: z.string() }),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The changed fields only, before and after; secrets never appear. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogView = z.infer<typeof auditLogView>;

/** app/logs: the company's audit trail, newest first. */
export const listLogs = defineRoute({
  id: 'audit.listLogs',
  method: 'GET',
  path: '/logs',
  domain: 'audit',
  auth: 'employee',
  access: { roles: ['admin'] },
  query: listLogsQuery,
  response: page(auditLogView),
});
