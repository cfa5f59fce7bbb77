import type { RouteContract } from '../types.ts';

/**
 * The routes an integrator's API key may call (the public API), by contract id. Everything else (account,
 * employees, billing, the key and webhook management itself) stays employee-only. A key reaches a route when
 * one of its scopes is `*` or `<area>:<level>` with the route's area and level, as `requiredScope` derives
 * them: the area from the contract's domain, the level from the method (GET reads, anything else writes).
 */
export const PUBLIC_API_ROUTE_IDS: ReadonlySet<string> = new Set([
  'contacts.list',
  'contacts.get',
  'contacts.create',
  'contacts.update',
  'contacts.delete',
  'tags.list',
  'tags.create',
  'tags.update',
  'tags.delete',
  'conversations.list',
  'conversations.get',
  'conversations.messages',
  'conversations.transcript',
  'pipelines.list',
  'pipelines.get',
  'deals.list',
  'deals.get',
  'deals.create',
  'deals.update',
  'customFields.list',
  'wallets.list',
  // Knowledge bases and their documents (scopes ai:read / ai:write): an integrator keeps the AI's knowledge
  // in step with its own help center.
  'ai.kb.list',
  'ai.kb.documents.list',
  'ai.kb.documents.add',
  'ai.kb.documents.delete',
]);

export const isPublicApiRoute = (route: Pick<RouteContract, 'id' | 'auth'>): boolean =>
  route.auth === 'employee' && PUBLIC_API_ROUTE_IDS.has(route.id);

/** `smartTags` → `smart-tags`: scopes are written the way the paths are. */
const kebab = (value: string) => value.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export const scopeArea = (route: Pick<RouteContract, 'domain'>): string => kebab(route.domain);

export function requiredScope(route: Pick<RouteContract, 'domain' | 'method'>): string {
  return `${scopeArea(route)}:${route.method === 'GET' ? 'read' : 'write'}`;
}

/** A write scope does not imply read: an integrator that only pushes contacts asks for contacts:write alone. */
export const scopesAllow = (scopes: readonly string[], route: Pick<RouteContract, 'domain' | 'method'>) =>
  scopes.includes('*') || scopes.includes(requiredScope(route));
