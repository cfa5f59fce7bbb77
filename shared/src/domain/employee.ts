import * as z from 'zod';
import { ROLES } from './constants.ts';
import { objectId } from './object-id.ts';

export const roleSchema = z.enum(ROLES);

export const FAQ_ROLES = ['admin', 'manager', 'creator'] as const;
export const faqRoleSchema = z.enum(FAQ_ROLES);
export type FaqRole = z.infer<typeof faqRoleSchema>;

/** Spec point 3, User/employee. */
export const employeeSchema = z.object({
  _id: objectId,
  name: z.string().min(1),
  email: z.email(),
  role: roleSchema,
  is_root: z.boolean().default(false),
  company: objectId,
  settings: z.record(z.string(), z.unknown()).default({}),
  created_at: z.iso.datetime(),
  last_access_in_platform: z.iso.datetime().optional(),
  firstLogin: z.boolean().default(true),
  modalGeneral: z.boolean().default(false),
  disableInactivity: z.boolean().default(false),
  inactive: z.boolean().default(false),
  /** Realtime rooms the employee joins (spec point 7). */
  rooms: z.array(z.string()).default([]),
});
export type Employee = z.infer<typeof employeeSchema>;
