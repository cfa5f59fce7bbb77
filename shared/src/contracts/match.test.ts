import { describe, expect, it } from 'vitest';
import { matchRoute } from './match.ts';
import { defineRoute, type RouteContract } from './types.ts';

const routes: RouteContract[] = [
  defineRoute({ id: 'health.get', method: 'GET', path: '/health', domain: 'health', auth: 'public' }),
  defineRoute({ id: 'health.item', method: 'GET', path: '/items/{id}', domain: 'health', auth: 'public' }),
  defineRoute({ id: 'health.mine', method: 'GET', path: '/items/mine', domain: 'health', auth: 'public' }),
  defineRoute({ id: 'health.patch', method: 'PATCH', path: '/items/{id}', domain: 'health', auth: 'public' }),
];

describe('matchRoute', () => {
  it('matches a literal path under the /api prefix', () => {
    const match = matchRoute(routes, 'GET', '/api/health');
    expect(match && 'route' in match && match.route.id).toBe('health.get');
  });

  it('extracts and decodes path parameters', () => {
    const match = matchRoute(routes, 'GET', '/api/items/a%20b');
    expect(match && 'route' in match && match.pathParameters).toEqual({ id: 'a b' });
    expect(match && 'route' in match && match.resource).toBe('/api/items/{id}');
  });

  it('prefers literal segments over parameters, as API Gateway does', () => {
    const match = matchRoute(routes, 'GET', '/api/items/mine');
    expect(match && 'route' in match && match.route.id).toBe('health.mine');
  });

  it('reports the allowed methods when only the method differs', () => {
    expect(matchRoute(routes, 'DELETE', '/api/items/1')).toEqual({ allowed: ['GET', 'PATCH'] });
  });

  it('finds nothing outside the prefix or for unknown paths', () => {
    expect(matchRoute(routes, 'GET', '/health')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/api/nope')).toBeUndefined();
  });
});
