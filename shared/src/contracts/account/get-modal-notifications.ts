import * as z from 'zod';
import { PLAN_CODES, ROLES } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

export const modalNotification = z.object({
  _id: objectId,
  title: z.string(),
  message: z.string(),
  type: z.string(),
  duration: z.number().int(),
  permanent: z.boolean(),
});
export type ModalNotification = z.infer<typeof modalNotification>;

/** Notifications for the shell's notification modal, stored per company, plan and role. */
export const getModalNotifications = defineRoute({
  id: 'account.getModalNotifications',
  method: 'GET',
  path: '/modal-notifications/{companyId}/{accountType}',
  domain: 'account',
  auth: 'employee',
  params: z.object({ companyId: objectId, accountType: z.enum(PLAN_CODES) }),
  query: z.object({ role: z.enum(ROLES).optional() }),
  response: z.array(modalNotification),
});
