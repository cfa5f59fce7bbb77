import { describe, expect, it } from 'vitest';
import { ROUTES } from '../contracts/manifest.ts';
import { corsHeaders, isCrossOriginRoute, parseOrigins } from './cors.ts';

const APP = 'https://app.atende.example';

describe('CORS policy of the API', () => {
  it('opens only widget and API-key routes of the manifest to every origin', () => {
    const open = ROUTES.filter((route) => isCrossOriginRoute(route));
    expect(open.length).toBeGreaterThan(0);
    for (const route of open) expect(route.auth === 'apiKey' || route.path.startsWith('/widget/')).toBe(true);
    const signIn = ROUTES.find((route) => route.path === '/auth/token' && route.method === 'POST');
    expect(signIn && isCrossOriginRoute(signIn)).toBe(false);
  });

  it("answers * on a widget route, the app's origin on the others and nothing to a stranger", () => {
    const widget = { auth: 'public' as const, path: '/widget/{widgetId}/messages' };
    const employee = { auth: 'employee' as const, path: '/contacts' };
    expect(corsHeaders(widget, 'https://loja.example', [APP])['access-control-allow-origin']).toBe('*');
    expect(corsHeaders(employee, APP, [APP])).toMatchObject({
      'access-control-allow-origin': APP,
      vary: 'Origin',
    });
    expect(corsHeaders(employee, 'https://evil.example', [APP])).toEqual({ vary: 'Origin' });
    expect(corsHeaders(undefined, 'https://evil.example', [APP])).toEqual({ vary: 'Origin' });
  });

  it('reads APP_ORIGINS as a comma-separated list', () => {
    expect(parseOrigins(` ${APP}/ , http://127.0.0.1:3000`)).toEqual([APP, 'http://127.0.0.1:3000']);
    expect(parseOrigins(undefined)).toEqual([]);
  });
});
