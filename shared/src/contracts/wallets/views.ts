import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { walletSchema, weekdaySchema } from '../../domain/organization.ts';
import { contactsPtBR, formsPtBR } from '../../i18n/pt-BR.ts';
import { TIME_PATTERN } from '../../rules/formats.ts';

const required = formsPtBR.requiredField;

/** Spec point 3, Wallet; customers_count is kept by the server as contacts enter and leave the wallet. */
export const walletView = walletSchema.extend({ created_at: z.string() });
export type WalletView = z.infer<typeof walletView>;

const time = z.string().regex(TIME_PATTERN, contactsPtBR.invalidTime);

export const weeklyScheduleField = z
  .array(z.object({ day: weekdaySchema, start: time, end: time }))
  .max(21)
  .refine((days) => days.every((day) => day.start < day.end), contactsPtBR.invalidSchedule);

export const walletBody = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(60),
  employee_owner: objectId,
  employees: z.array(objectId).max(500).default([]),
  weekly_schedule: weeklyScheduleField.default([]),
});
export const walletPatch = z.object({
  name: walletBody.shape.name.optional(),
  employee_owner: objectId.optional(),
  employees: z.array(objectId).max(500).optional(),
  weekly_schedule: weeklyScheduleField.optional(),
});
export const walletIdParams = z.object({ id: objectId });
