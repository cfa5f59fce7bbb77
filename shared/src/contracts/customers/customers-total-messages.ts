import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

export const customersTotalMessagesParams = z.object({ companyId: objectId, employeeId: objectId });

/** Spec point 7: unread customer messages in the employee's conversations. Another company or employee: 403. */
export const customersTotalMessages = defineRoute({
  id: 'customers.total-messages',
  method: 'POST',
  path: '/customers/customers-total-messages/{companyId}/{employeeId}',
  domain: 'customers',
  auth: 'employee',
  params: customersTotalMessagesParams,
  response: z.object({ totalNewMessages: z.number().int().nonnegative() }),
});
