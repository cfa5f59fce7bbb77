import middy from '@middy/core';
import { resourcePath } from '@atende/shared/contracts/match';
import {
  receiveProviderWebhook,
  verifyProviderWebhook,
} from '@atende/shared/contracts/webhooks/provider-webhook';
import { webhookParams } from '@atende/shared/contracts/webhooks/views';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { errorResponse } from '../lib/http.ts';
import { handshake, receive, type WebhookInput } from './service.ts';

const RECEIVE = `${receiveProviderWebhook.method} ${resourcePath(receiveProviderWebhook)}`;
const HANDSHAKE = `${verifyProviderWebhook.method} ${resourcePath(verifyProviderWebhook)}`;

const lowerCased = (headers: APIGatewayProxyEvent['headers']) =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * The provider webhooks' Lambda. Not built on createHttpHandler: that one parses the body as JSON before the
 * route runs, while a signature is computed over the exact bytes received (and a provider's malformed body
 * must still be answered 200 once verified). Answers are plain text (Meta's handshake echoes the challenge).
 */
async function core(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  try {
    const route = `${event.httpMethod} ${event.resource}`;
    const params = webhookParams.safeParse(event.pathParameters ?? {});
    if ((route !== RECEIVE && route !== HANDSHAKE) || !params.success) {
      return { statusCode: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
    }
    const input: WebhookInput = {
      ...params.data,
      headers: lowerCased(event.headers),
      query: event.queryStringParameters ?? {},
      rawBody:
        event.body === null
          ? ''
          : event.isBase64Encoded
            ? Buffer.from(event.body, 'base64').toString('utf8')
            : event.body,
    };
    const answer = route === HANDSHAKE ? await handshake(input) : await receive(input);
    return {
      statusCode: answer.statusCode,
      headers: { 'content-type': `${answer.contentType}; charset=utf-8` },
      body: answer.body,
    };
  } catch (error) {
    // A 5xx makes the provider retry later, which the queue's and the engine's deduplication absorb.
    return errorResponse(error, event);
  }
}

/** The routes it serves, declared as createHttpHandler's are, for the manifest-bindings test. */
export const handler = Object.assign(middy<APIGatewayProxyEvent, APIGatewayProxyResult>().handler(core), {
  boundRouteIds: [receiveProviderWebhook.id, verifyProviderWebhook.id],
});
