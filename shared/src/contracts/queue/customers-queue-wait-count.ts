import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

/**
 * Spec point 7: how many customers wait in the queues the caller may see. `company` and `employee` must be the
 * caller's own (else 403); `departments` narrows to those departments (with `departmentEnable`), or with
 * `notMyDepartments` to the others; `wallets` (with `walletEnable`) narrows to customers of those wallets. Under
 * the company's wallet limit, customers of wallets the caller is not in are never counted.
 */
export const customersQueueWaitCountBody = z.object({
  company: objectId,
  employee: objectId,
  wallets: z.array(objectId).max(500).default([]),
  departments: z.array(objectId).max(500).default([]),
  notMyDepartments: z.boolean().default(false),
  walletEnable: z.boolean().default(false),
  departmentEnable: z.boolean().default(false),
});

export const queueCountResponse = z.object({ count: z.number().int().nonnegative() });

export const customersQueueWaitCount = defineRoute({
  id: 'queue.customers-wait-count',
  method: 'POST',
  path: '/queue/customers-queue-wait-count',
  domain: 'conversations',
  auth: 'employee',
  body: customersQueueWaitCountBody,
  response: queueCountResponse,
  maxBodyBytes: 65_536,
});
