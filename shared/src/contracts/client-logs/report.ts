import * as z from 'zod';
import { defineRoute } from '../types.ts';

/** The largest payload a browser may attach to a report, as JSON text. */
export const CLIENT_LOG_MAX_PAYLOAD = 8192;

const payload = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= CLIENT_LOG_MAX_PAYLOAD, {
    message: `deve ter no máximo ${CLIENT_LOG_MAX_PAYLOAD} caracteres em JSON`,
  });

/** Spec point 7, /logs/critical: a title, a message and a payload about what went wrong in the browser. */
export const criticalLogBody = z.object({
  title: z.string().trim().min(1).max(200),
  message: z.string().trim().max(2000).default(''),
  payload: payload.default({}),
});

export const clientLogAnswer = z.object({ stored: z.string() });

export const reportCritical = defineRoute({
  id: 'client-logs.critical',
  method: 'POST',
  path: '/logs/critical',
  domain: 'clientLogs',
  auth: 'employee',
  body: criticalLogBody,
  response: clientLogAnswer,
  successStatus: 201,
  maxBodyBytes: 16_384,
});

/** Spec point 7, /logs/dd-tracing: a trace of a browser step (title and message; payload optional). */
export const reportTracing = defineRoute({
  id: 'client-logs.tracing',
  method: 'POST',
  path: '/logs/dd-tracing',
  domain: 'clientLogs',
  auth: 'employee',
  body: criticalLogBody,
  response: clientLogAnswer,
  successStatus: 201,
  maxBodyBytes: 16_384,
});
