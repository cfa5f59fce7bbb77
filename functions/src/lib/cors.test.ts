import { defineRoute } from '@atende/shared/contracts/types';
import { ENV } from '@atende/shared/infra/env';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createHttpHandler, route } from './http.ts';

const APP = 'https://app.atende.example';
process.env[ENV.appOrigins] = APP;

const widget = defineRoute({
  id: 'test.widget',
  method: 'GET',
  path: '/widget/{widgetId}/config',
  domain: 'widget',
  auth: 'public',
});
const signIn = defineRoute({
  id: 'test.signIn',
  method: 'POST',
  path: '/auth/token',
  domain: 'auth',
  auth: 'public',
});

const handler = createHttpHandler([
  route(widget, async () => ({ ok: true })),
  route(signIn, async () => ({ ok: true })),
]);

const call = (method: string, resource: string, origin: string) =>
  handler(
    {
      resource: `/api${resource}`,
      path: `/api${resource}`,
      httpMethod: method,
      headers: { Origin: origin },
      multiValueHeaders: {},
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: { widgetId: 'w' },
      stageVariables: null,
      body: null,
      isBase64Encoded: false,
      requestContext: {},
    } as unknown as APIGatewayProxyEvent,
    {} as Context,
  );

describe('CORS of the Lambda answers', () => {
  it('answers * on widget routes, for a customer site', async () => {
    const response = await call('GET', '/widget/{widgetId}/config', 'https://loja.example');
    expect(response.headers?.['access-control-allow-origin']).toBe('*');
    expect(response.headers?.['x-content-type-options']).toBe('nosniff');
  });

  it("answers only the app's origin on other routes", async () => {
    const app = await call('POST', '/auth/token', APP);
    expect(app.headers?.['access-control-allow-origin']).toBe(APP);
    const stranger = await call('POST', '/auth/token', 'https://evil.example');
    expect(stranger.headers?.['access-control-allow-origin']).toBeUndefined();
    expect(stranger.headers?.vary).toBe('Origin');
  });
});
