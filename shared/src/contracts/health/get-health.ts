import * as z from 'zod';
import { defineRoute } from '../types.ts';

const partStatus = z.enum(['up', 'down']);

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  parts: z.object({
    dynamodb: partStatus,
    queues: partStatus,
    websocket: partStatus,
    s3: partStatus,
  }),
  /** Local runtime only: where a developer can point AWS SDK clients and tools. */
  endpoints: z
    .object({
      dynamodb: z.string(),
      sqs: z.string(),
      s3: z.string(),
      websocketManagement: z.string(),
    })
    .optional(),
});

export type HealthResponse = z.infer<typeof healthResponse>;

export const getHealth = defineRoute({
  id: 'health.get',
  method: 'GET',
  path: '/health',
  domain: 'health',
  auth: 'public',
  response: healthResponse,
});
