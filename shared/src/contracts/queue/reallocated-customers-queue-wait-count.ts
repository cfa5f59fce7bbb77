import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { queueCountResponse } from './customers-queue-wait-count.ts';

export const reallocatedQueueWaitCountBody = z.object({ company: objectId, employee: objectId });

/** Spec point 7: conversations redistributed (transferred) to the employee that they have not answered yet. */
export const reallocatedCustomersQueueWaitCount = defineRoute({
  id: 'queue.reallocated-wait-count',
  method: 'POST',
  path: '/queue/reallocated-customers-queue-wait-count',
  domain: 'conversations',
  auth: 'employee',
  body: reallocatedQueueWaitCountBody,
  response: queueCountResponse,
  maxBodyBytes: 4096,
});
