import type middy from '@middy/core';
import type { RouteContract } from '@atende/shared/contracts/types';
import { ENV } from '@atende/shared/infra/env';
import { corsHeaders, parseOrigins } from '@atende/shared/security/cors';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';

/** APP_ORIGINS read once per value (tests and the local runtime change it within one process). */
let appOrigins: { raw: string | undefined; origins: string[] } | undefined;

function currentAppOrigins(): string[] {
  const raw = process.env[ENV.appOrigins];
  if (!appOrigins || appOrigins.raw !== raw) appOrigins = { raw, origins: parseOrigins(raw) };
  return appOrigins.origins;
}

function headerOf(event: APIGatewayProxyEvent, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === name && value) return value;
  }
  return undefined;
}

/**
 * CORS per route (shared/src/security/cors.ts): `*` for widget and API-key routes, the app's origins
 * (APP_ORIGINS) elsewhere; and `nosniff` on every answer, which is JSON and must never be read as anything else.
 */
export function routeCors(
  routeOf: (event: APIGatewayProxyEvent) => RouteContract | undefined,
): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    after: (request) => {
      const response = request.response;
      if (!response) return;
      response.headers = {
        ...response.headers,
        ...corsHeaders(routeOf(request.event), headerOf(request.event, 'origin'), currentAppOrigins()),
        'x-content-type-options': 'nosniff',
      };
    },
  };
}
