import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { HTTP_METHODS } from './graph.ts';
import { FLOWS_ACCESS, flowIdParams } from './views.ts';

/** Where the simulated bot stands; the builder sends back what it received. */
export const simulatedSession = z.object({
  flow: z.string(),
  version: z.number().int().positive(),
  node: z.string().nullable(),
  variables: z.record(z.string(), z.string()),
  invalid: z.number().int().nonnegative(),
  resume_at: z.string().nullable(),
  done: z.boolean(),
  turns: z.number().int().nonnegative().optional(),
});

export const simulateFlowBody = z.object({
  /** Absent or null: a new conversation (the flow starts). */
  session: simulatedSession.nullable().optional(),
  text: z.string().max(4096).optional(),
});

export const simulatedOutput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    text: z.string(),
    options: z.array(z.object({ id: z.string(), label: z.string() })).optional(),
  }),
  z.object({
    kind: z.literal('handoff'),
    department: z.string().nullable(),
    employee: z.string().nullable(),
  }),
  z.object({ kind: z.literal('end'), tabulation: z.string().nullable() }),
  z.object({ kind: z.literal('note'), text: z.string() }),
]);

export const simulateFlowResponse = z.object({
  session: simulatedSession,
  outputs: z.array(simulatedOutput),
  path: z.array(z.string()),
  /** Contact and tag changes the flow would make (not applied in the simulator). */
  effects: z.array(z.string()),
});
export type SimulateFlowResponse = z.infer<typeof simulateFlowResponse>;

/** Runs the flow's draft for the builder's simulator: same interpreter, no message sent, no contact touched. */
export const simulateFlow = defineRoute({
  id: 'flows.simulate',
  method: 'POST',
  path: '/flows/{id}/simulate',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  params: flowIdParams,
  body: simulateFlowBody,
  response: simulateFlowResponse,
  maxBodyBytes: 65_536,
});

export const testRequestBody = z.object({
  method: z.enum(HTTP_METHODS),
  url: z.string().min(1).max(2000),
  headers: z
    .array(z.object({ key: z.string().max(200), value: z.string().max(2000) }))
    .max(30)
    .default([]),
  body: z.string().max(20_000).default(''),
});

export const testRequestResponse = z.object({
  status: z.number().int(),
  body: z.string(),
  duration_ms: z.number(),
});

/** The HTTP node's "testar requisição": the same guarded call the bot makes, answered to the builder. */
export const testFlowRequest = defineRoute({
  id: 'flows.testRequest',
  method: 'POST',
  path: '/flows/test-request',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  body: testRequestBody,
  response: testRequestResponse,
  maxBodyBytes: 65_536,
});
