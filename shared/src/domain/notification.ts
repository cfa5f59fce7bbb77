import * as z from 'zod';
import { LIMITS } from './constants.ts';

export const NOTIFICATION_TYPES = ['success', 'info', 'warning', 'error'] as const;

/** Spec point 3, Notification; defaults from point 9 (2000 ms, not permanent). */
export const notificationSchema = z.object({
  message: z.string(),
  title: z.string().optional(),
  type: z.enum(NOTIFICATION_TYPES).default('info'),
  duration: z.number().int().positive().default(LIMITS.notificationDurationMs),
  permanent: z.boolean().default(false),
});
export type Notification = z.infer<typeof notificationSchema>;
