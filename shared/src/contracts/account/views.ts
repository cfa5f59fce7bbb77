import * as z from 'zod';
import { PLAN_CODES, ROLES } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';
import { DATA_TRIAL_STATUSES } from './catalogue.ts';

/** What the accounts API answers about a company and an employee (spec point 3); secrets never leave. */
export const departmentView = z.object({
  _id: objectId,
  name: z.string(),
  label: z.string(),
  employees: z.array(objectId),
  sub_departments: z.array(z.unknown()),
  tag_color: z.string(),
  view_all_contacts: z.boolean(),
});

const integrationEntry = z.record(z.string(), z.unknown());

export const companyView = z.object({
  _id: objectId,
  name: z.string(),
  cnpj: z.string().optional(),
  account_type: z.enum(PLAN_CODES),
  internal_plan_code: z.string(),
  account_is_trial: z.boolean(),
  account_disabled: z.boolean(),
  dueDate: z.string().nullable(),
  data_trial: z.object({ status: z.enum(DATA_TRIAL_STATUSES) }).nullable(),
  modules: z.record(z.string(), z.number()),
  settings: z.looseObject({ timezone: z.string() }),
  permissions: z.record(z.string(), z.boolean()),
  departments: z.array(departmentView),
  whatsapps: z.record(z.string(), integrationEntry),
  official_whatsapps: z.record(z.string(), integrationEntry),
  created_at: z.string(),
});
export type CompanyView = z.infer<typeof companyView>;

export const employeeView = z.object({
  _id: objectId,
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  is_root: z.boolean(),
  company: objectId,
  settings: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  last_access_in_platform: z.string().nullable(),
  firstLogin: z.boolean(),
  modalGeneral: z.boolean(),
  disableInactivity: z.boolean(),
  inactive: z.boolean(),
  rooms: z.array(z.string()),
});
export type EmployeeView = z.infer<typeof employeeView>;
