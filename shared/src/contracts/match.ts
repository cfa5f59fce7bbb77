import { API_PREFIX, type HttpMethod, type RouteContract } from './types.ts';

export interface RouteMatch {
  route: RouteContract;
  /** The API Gateway resource path, with the prefix: /api/employees/{id}. */
  resource: string;
  pathParameters: Record<string, string>;
}

const segments = (path: string): string[] => path.split('/').filter((part) => part.length > 0);

/** The resource path API Gateway reports for a route (event.resource). */
export const resourcePath = (route: Pick<RouteContract, 'path'>): string => `${API_PREFIX}${route.path}`;

/**
 * Finds the route for a method and request path, as API Gateway does: literal segments win over
 * {parameters}. Returns the route, or the list of methods the path supports when only the method differs.
 */
export function matchRoute(
  routes: readonly RouteContract[],
  method: string,
  requestPath: string,
): RouteMatch | { allowed: HttpMethod[] } | undefined {
  const wanted = segments(requestPath);
  let best: { match: RouteMatch; literals: number } | undefined;
  const allowed: HttpMethod[] = [];
  for (const route of routes) {
    const template = segments(resourcePath(route));
    if (template.length !== wanted.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < template.length; i += 1) {
      const part = template[i] as string;
      const actual = wanted[i] as string;
      if (part.startsWith('{') && part.endsWith('}')) {
        let decoded: string;
        try {
          decoded = decodeURIComponent(actual);
        } catch {
          ok = false;
          break;
        }
        params[part.slice(1, -1)] = decoded;
      } else if (part === actual) {
        literals += 1;
      } else {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    if (!best || literals > best.literals) {
      best = { match: { route, resource: resourcePath(route), pathParameters: params }, literals };
    }
  }
  if (best) return best.match;
  return allowed.length > 0 ? { allowed } : undefined;
}
