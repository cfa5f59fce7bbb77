import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { createEmployeeBody, EMPLOYEE_ERROR_CODES } from '@atende/shared/contracts/employees/create-employee';
import type { AdminEmployeeView } from '@atende/shared/contracts/employees/views';
import { departmentDisplayName } from '@atende/shared/rules/departments';
import type { z } from 'zod';
import { ApiRequestError } from '../../../lib/api/api-error.ts';

type Field = 'name' | 'email' | 'role' | 'password';

/** The contract's own check of one field, so the form says what the API would ('Campo obrigatório.', format). */
export function employeeFieldError(field: Field, value: unknown): string | undefined {
  const schema: z.ZodType = createEmployeeBody.shape[field];
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

export type CreateRefusal = 'employee-limit' | 'email-exists' | 'other';

/** Which refusal the server gave to a create; its pt-BR message is shown as is. */
export function createRefusal(error: unknown): CreateRefusal {
  if (!(error instanceof ApiRequestError)) return 'other';
  const code = (error.data as { code?: unknown } | undefined)?.code;
  if (code === EMPLOYEE_ERROR_CODES.employeeLimit) return 'employee-limit';
  if (code === EMPLOYEE_ERROR_CODES.emailExists) return 'email-exists';
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
