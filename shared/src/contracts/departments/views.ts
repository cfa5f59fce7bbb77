import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { adminPtBR, formsPtBR } from '../../i18n/pt-BR.ts';

/**
 * A department as kept on the company record (the shape the accounts API and the seed use): `label` is the
 * dotted path of names from the root, so names never contain a dot.
 */
export interface DepartmentNode {
  _id: string;
  name: string;
  label: string;
  employees: string[];
  sub_departments: DepartmentNode[];
  tag_color: string;
  view_all_contacts: boolean;
}

export const departmentNode: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({
    _id: objectId,
    name: z.string(),
    label: z.string(),
    employees: z.array(objectId),
    sub_departments: z.array(departmentNode),
    tag_color: z.string(),
    view_all_contacts: z.boolean(),
  }),
);

export const DEFAULT_TAG_COLOR = '#1e88e5';

const required = formsPtBR.requiredField;

export const departmentName = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(60)
  .refine((name) => !name.includes('.'), adminPtBR.departmentNameDot);
export const tagColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, adminPtBR.invalidColor);

export const departmentIdParams = z.object({ id: objectId });
