import * as z from 'zod';
import { ROLES } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';
import { adminPtBR, formsPtBR } from '../../i18n/pt-BR.ts';
import { employeeView } from '../account/views.ts';
import { boundsMessage, type JsonBounds, jsonBoundsIssue } from '../../rules/json-bounds.ts';
import { PASSWORD_MIN_LENGTH } from '../auth/register-trial.ts';

const required = formsPtBR.requiredField;

/** An employee as the admin screens show it: the account view plus the departments it belongs to. */
export const adminEmployeeView = employeeView.extend({ departments: z.array(objectId) });
export type AdminEmployeeView = z.infer<typeof adminEmployeeView>;

export const employeeName = z.string({ error: required }).trim().min(1, required).max(120);
export const employeeEmail = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254)
  .pipe(z.email({ error: adminPtBR.invalidEmail }));
export const employeeRole = z.enum(ROLES, { error: required });
export const employeePassword = z
  .string({ error: required })
  .min(PASSWORD_MIN_LENGTH, adminPtBR.passwordTooShort)
  .max(256);
export const employeeDepartments = z.array(objectId).max(200);
/**
 * Per-employee settings of the employee form; values are the UI's own preferences, so only their shape is
 * bounded: a few levels, a few hundred entries, non-empty keys, numbers a JSON client can round-trip.
 */
export const EMPLOYEE_SETTINGS_BOUNDS: JsonBounds = {
  maxDepth: 4,
  maxNodes: 500,
  maxNumber: Number.MAX_SAFE_INTEGER,
  maxKeyLength: 64,
  noEmptyKeys: true,
};
export const employeeSettings = z
  .record(z.string().min(1).max(64), z.unknown())
  .superRefine((settings, context) => {
    const issue = jsonBoundsIssue(settings, EMPLOYEE_SETTINGS_BOUNDS);
    if (issue) {
      const { message } = boundsMessage(issue, 'settings');
      context.addIssue({ code: 'custom', path: issue.path, message });
    }
  });

export const employeeIdParams = z.object({ id: objectId });
