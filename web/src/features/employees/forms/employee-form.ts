import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import type { checkEmployeeEmailResponse } from '@atende/shared/contracts/employees/check-email';
import { EMPLOYEE_ERROR_CODES } from '@atende/shared/contracts/employees/create-employee';
import {
  type AdminEmployeeView,
  employeeEmail,
  employeeName,
  employeePassword,
  employeeRole,
} from '@atende/shared/contracts/employees/views';
import { departmentDisplayName } from '@atende/shared/rules/departments';
import type { z } from 'zod';
import { ApiRequestError } from '../../../lib/api/api-error.ts';

type Field = 'name' | 'email' | 'role' | 'password';

const FIELD_SCHEMAS: Record<Field, z.ZodType> = {
  name: employeeName,
  email: employeeEmail,
  role: employeeRole,
  password: employeePassword,
};

/** The contract's own check of one field, so the form says what the API would ('Campo obrigatório.', format). */
export function employeeFieldError(field: Field, value: unknown): string | undefined {
  const schema = FIELD_SCHEMAS[field];
  const parsed = schema.safeParse(value ?? undefined);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** antd rule running the contract check of a field. */
export const contractRule = (field: Field) => ({
  validator: async (_: unknown, value: unknown) => {
    const message = employeeFieldError(field, value);
    if (message) throw new Error(message);
  },
});

/**
 * Spec, employee form: name and e-mail are changed only by the employee themself, so they are editable when
 * creating or when the admin edits their own record.
 */
export const canEditIdentity = (
  editing: AdminEmployeeView | undefined,
  currentEmployeeId: string | undefined,
) => editing === undefined || editing._id === currentEmployeeId;

/**
 * What a new employee's e-mail asks of the form: a new e-mail needs name and initial password; one that already
 * has a login account (another company's employee) needs only the profile (spec, employee form); one already
 * employed here cannot be added again. 'unknown' until the check answers.
 */
export type EmailStatus = 'unknown' | 'new' | 'existing-account' | 'already-here';

export function emailStatus(check: z.infer<typeof checkEmployeeEmailResponse> | undefined): EmailStatus {
  if (!check) return 'unknown';
  if (check.inCompany) return 'already-here';
  return check.exists ? 'existing-account' : 'new';
}

export type CreateRefusal = 'employee-limit' | 'other';

/** Which refusal the server gave to a create; its pt-BR message is shown as is. */
export function createRefusal(error: unknown): CreateRefusal {
  if (!(error instanceof ApiRequestError)) return 'other';
  const code = (error.data as { code?: unknown } | undefined)?.code;
  if (code === EMPLOYEE_ERROR_CODES.employeeLimit) return 'employee-limit';
  return 'other';
}

export interface DepartmentOption {
  value: string;
  label: string;
}

/** Every department of the tree as a select option, labelled by its truncated dotted path. */
export function departmentOptions(tree: readonly DepartmentNode[]): DepartmentOption[] {
  return tree.flatMap((node) => [
    { value: node._id, label: departmentDisplayName(node.label) },
    ...departmentOptions(node.sub_departments),
  ]);
}
