import * as z from 'zod';
import { ROLES } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';
import { ptBR } from '../../i18n/pt-BR.ts';
import { employeeView } from '../account/views.ts';
import { PASSWORD_MIN_LENGTH } from '../auth/register-trial.ts';

const required = ptBR.forms.requiredField;

/** An employee as the admin screens show it: the account view plus the departments it belongs to. */
export const adminEmployeeView = employeeView.extend({ departments: z.array(objectId) });
export type AdminEmployeeView = z.infer<typeof adminEmployeeView>;

export const employeeName = z.string({ error: required }).trim().min(1, required).max(120);
export const employeeEmail = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254)
  .pipe(z.email({ error: ptBR.admin.invalidEmail }));
export const employeeRole = z.enum(ROLES, { error: required });
export const employeePassword = z
  .string({ error: required })
  .min(PASSWORD_MIN_LENGTH, ptBR.admin.passwordTooShort)
  .max(256);
export const employeeDepartments = z.array(objectId).max(200);
/** Per-employee settings of the employee form; values are the UI's own preferences. */
export const employeeSettings = z.record(z.string().max(64), z.unknown());

export const employeeIdParams = z.object({ id: objectId });
