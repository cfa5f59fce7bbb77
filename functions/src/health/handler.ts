import { getHealth } from '@atende/shared/contracts/health/get-health';
import { config } from '../lib/config.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { awsHealthChecks } from './checks.ts';
import { health } from './service.ts';

export const handler = createHttpHandler([
  route(getHealth, async () => {
    const endpoints = config().localEndpoints;
    const result = await health(
      awsHealthChecks,
      endpoints
        ? {
            dynamodb: endpoints.dynamodb ?? '',
            sqs: endpoints.sqs ?? '',
            s3: endpoints.s3 ?? '',
            websocketManagement: endpoints.websocketManagement ?? '',
          }
        : undefined,
    );
    return result.status === 'ok' ? result : { statusCode: 503, body: result, raw: true as const };
  }),
]);
