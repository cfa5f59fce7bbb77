import * as z from 'zod';
import { MANAGER_COMPANY_PERMISSIONS, OPERATOR_PERMISSIONS } from '../../domain/constants.ts';

const flags = <const N extends readonly string[]>(names: N) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<N[number], z.ZodBoolean>);

/** Spec point 6: the manager company permissions and the operator permissions, each flag by its spec name. */
export const managerPermissions = flags(MANAGER_COMPANY_PERMISSIONS);
export const operatorPermissions = flags(OPERATOR_PERMISSIONS);

export const companyPermissionsView = z.object({
  manager: managerPermissions,
  operator: operatorPermissions,
});
export type CompanyPermissionsView = z.infer<typeof companyPermissionsView>;

/** Only the flags given change; an unknown flag is a 400. */
export const updateCompanyPermissionsBody = z
  .object({
    manager: managerPermissions.partial().strict(),
    operator: operatorPermissions.partial().strict(),
  })
  .partial()
  .strict();
