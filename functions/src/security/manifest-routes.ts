import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROUTES } from '@atende/shared/contracts/manifest';
import { DOMAINS, type RouteContract } from '@atende/shared/contracts/types';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

/**
 * Test support for the suites generated from the route manifest: every employee route, its path parameter
 * names and the domain handler that serves it, loaded as the local runtime loads it.
 */
type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export const employeeRoutes = (): RouteContract[] => ROUTES.filter((route) => route.auth === 'employee');

export const pathParams = (route: RouteContract): string[] =>
  [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);

const loaded = new Map<string, Promise<Handler>>();

export function handlerOf(route: RouteContract): Promise<Handler> {
  const ref = DOMAINS[route.domain].handler;
  let pending = loaded.get(ref.module);
  if (!pending) {
    const file = pathToFileURL(resolve(import.meta.dirname, '..', `${ref.module}.ts`)).href;
    pending = import(/* @vite-ignore */ file).then(
      (module: Record<string, unknown>) => module[ref.export] as Handler,
    );
    loaded.set(ref.module, pending);
  }
  return pending;
}

/** Routes grouped by their domain, in manifest order: the generated suites run a test per domain. */
export function byDomain(routes: RouteContract[]): [string, RouteContract[]][] {
  const groups = new Map<string, RouteContract[]>();
  for (const route of routes) groups.set(route.domain, [...(groups.get(route.domain) ?? []), route]);
  return [...groups.entries()];
}
