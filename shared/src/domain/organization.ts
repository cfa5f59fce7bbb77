import * as z from 'zod';
import { objectId } from './object-id.ts';

/** Spec point 3, Department: a tree; label is the dotted path of names from the root. */
export interface Department {
  name: string;
  label: string;
  employees: string[];
  sub_departments: Department[];
  tag_color?: string;
  permission: { view_all_contacts: boolean };
}

export const departmentSchema: z.ZodType<Department> = z.lazy(() =>
  z.object({
    name: z.string().min(1),
    label: z.string().min(1),
    employees: z.array(objectId),
    sub_departments: z.array(departmentSchema),
    tag_color: z.string().optional(),
    permission: z.object({ view_all_contacts: z.boolean() }),
  }),
);

export const weekdaySchema = z.enum([
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
]);

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** Spec point 3, Wallet. */
export const walletSchema = z.object({
  _id: objectId,
  name: z.string().min(1),
  customers_count: z.number().int().nonnegative().default(0),
  employee_owner: objectId,
  weekly_schedule: z.array(z.object({ day: weekdaySchema, start: timeOfDay, end: timeOfDay })).default([]),
  employees: z.array(objectId).default([]),
});
export type Wallet = z.infer<typeof walletSchema>;

/** Spec point 3, Tabulation (service category). */
export const tabulationSchema = z.object({
  label: z.string().min(1),
  name: z.string().min(1),
});
export type Tabulation = z.infer<typeof tabulationSchema>;

/** Spec point 3, FAQ module setting. */
export const faqModuleSettingSchema = z.object({
  mode: z.enum(['normal', 'team']).default('normal'),
  admins: z.array(objectId).default([]),
  managers: z.array(objectId).default([]),
  creators: z.array(objectId).default([]),
});
export type FaqModuleSetting = z.infer<typeof faqModuleSettingSchema>;
