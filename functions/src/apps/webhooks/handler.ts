import { resourcePath } from '@atende/shared/contracts/match';
import { appWebhookParams, receiveAppWebhook } from '@atende/shared/contracts/apps/webhooks';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { errorResponse } from '../../lib/http.ts';
import { findApp } from '../store.ts';
import { receivePipedrive } from './pipedrive.ts';
import { receiveShopify } from './shopify.ts';

const RECEIVE = `${receiveAppWebhook.method} ${resourcePath(receiveAppWebhook)}`;

const text = (statusCode: number, body: string): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body,
});

/**
 * The installed apps' webhooks. Like the channel providers' Lambda, not built on createHttpHandler: the
 * signature is computed over the exact bytes received, before any JSON parsing.
 */
async function core(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  try {
    const params = appWebhookParams.safeParse(event.pathParameters ?? {});
    if (`${event.httpMethod} ${event.resource}` !== RECEIVE || !params.success) return text(404, 'not found');
    const app = await findApp(params.data.id);
    if (!app || app.name !== params.data.app) return text(404, 'not found');
    const headers = Object.fromEntries(
      Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const rawBody =
      event.body === null
        ? ''
        : event.isBase64Encoded
          ? Buffer.from(event.body, 'base64').toString('utf8')
          : event.body;
    const receive = app.name === 'pipedrive' ? receivePipedrive : receiveShopify;
    const answer = await receive(app, headers, rawBody);
    return text(answer.statusCode, answer.body);
  } catch (error) {
    // A 5xx makes the shop retry later; the webhook id claim keeps a retry from sending twice.
    return errorResponse(error, event);
  }
}

export const handler = Object.assign(middy<APIGatewayProxyEvent, APIGatewayProxyResult>().handler(core), {
  boundRouteIds: [receiveAppWebhook.id],
});
