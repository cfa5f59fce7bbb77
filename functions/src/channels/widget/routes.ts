import { createWidgetSession } from '@atende/shared/contracts/widget/create-widget-session';
import { getWidgetConfig } from '@atende/shared/contracts/widget/get-widget-config';
import { listWidgetMessages } from '@atende/shared/contracts/widget/list-widget-messages';
import { postWidgetMessage } from '@atende/shared/contracts/widget/post-widget-message';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createHttpHandler, route } from '../../lib/http.ts';
import * as service from './service.ts';
import { bearerOf } from './visitor-auth.ts';

const sourceIpOf = (event: APIGatewayProxyEvent): string =>
  event.requestContext?.identity?.sourceIp ?? 'unknown';

/** The widget's public routes, with the engine hand-off injected (tests pass their own). */
export function createWidgetHandler(deps: service.WidgetDeps) {
  return createHttpHandler([
    route(getWidgetConfig, ({ params }) => service.getConfig(params.widgetId)),
    route(createWidgetSession, ({ params, body, event }) =>
      service.createSession({ widgetId: params.widgetId, sourceIp: sourceIpOf(event) }, body, deps.now?.()),
    ),
    route(postWidgetMessage, ({ params, body, event }) =>
      service.postMessage(
        { widgetId: params.widgetId, token: bearerOf(event), sourceIp: sourceIpOf(event) },
        body,
        deps,
      ),
    ),
    route(listWidgetMessages, ({ params, query, event }) =>
      service.listVisitorMessages(
        { widgetId: params.widgetId, token: bearerOf(event), sourceIp: sourceIpOf(event) },
        query,
      ),
    ),
  ]);
}
