import type { RouteContract } from '@atende/shared/contracts/types';
import type { z } from 'zod';
import type { ApiBody } from './client.ts';
import { apiRequest } from './client.ts';

/**
 * A query string value as the contract reads it: a literal union where the schema names one (`tab`), any
 * text where it coerces (`limit`), since every query parameter travels as text.
 */
type QueryValue<T> = unknown extends T ? string : T extends string ? T : string;

/** The contract's query parameters, each optional (undefined ones are left out of the URL). */
export type RouteQuery<Q extends z.ZodType> = {
  [K in keyof z.input<Q>]?: QueryValue<NonNullable<z.input<Q>[K]>> | undefined;
};

export interface RouteInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params?: z.input<P>;
  query?: RouteQuery<Q>;
  body?: z.input<B>;
  timeoutMs?: number;
}

/** Fills `{name}` segments of a contract path. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

const definedEntries = (query: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/** Calls a route of shared's manifest: path, method and auth come from the contract, the answer is parsed by it. */
export async function callRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(route: RouteContract<P, Q, B, R>, input: RouteInput<P, Q, B> = {}): Promise<z.output<R>> {
  const raw = await apiRequest<unknown>({
    method: route.method,
    path: fillPath(route.path, input.params as Record<string, unknown> | undefined),
    auth: route.auth !== 'public',
    ...(input.query ? { query: definedEntries(input.query as Record<string, string | undefined>) } : {}),
    ...(input.body !== undefined ? { body: input.body as ApiBody } : {}),
    ...(input.timeoutMs ? { timeoutMs: input.timeoutMs } : {}),
  });
  if (!route.response) return raw as z.output<R>;
  const parsed = route.response.safeParse(raw);
  if (parsed.success) return parsed.data;
  // A server answer that drifted from its contract is a bug to see in the console, not a reason to blank the UI.
  console.error(`answer of ${route.id} does not match its contract`, parsed.error.issues);
  return raw as z.output<R>;
}
