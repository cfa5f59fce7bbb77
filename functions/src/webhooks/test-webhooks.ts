import { randomBytes, randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type InboundEvent, inboundEvent } from '@atende/shared/channels/inbound';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { resourcePath } from '@atende/shared/contracts/match';
import type { RouteContract } from '@atende/shared/contracts/types';
import { ENV } from '@atende/shared/infra/env';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { callRoute } from '../auth/test-gateway.ts';
import { metaSignature } from '../channels/meta/fake-fetch.ts';
import { sqsEvent, sqsRecord } from '../conversations/test-inbox.ts';
import { handler as consumer } from '../conversations/inbound-consumer.ts';
import { handler as integrations } from '../integrations/handler.ts';
import { confirmedMailbox } from '../integrations/test-mailbox.ts';
import { resetClients } from '../lib/clients.ts';
import { resetConfig } from '../lib/config.ts';
import { handler } from './handler.ts';

/**
 * Test support for the provider webhooks: the environment (sealing key, public URL, inbound queue captured
 * by a mocked SQS client), integrations created through the channels API, and provider requests built as
 * API Gateway delivers them — raw body and the provider's headers, which the employee test gateway does not
 * send.
 */
export const sqs = mockClient(SQSClient);

export const INBOUND_QUEUE_URL = 'http://queue.local/inbound.fifo';
/** The e-mail consumer's queue (drained by channels/email/test-email-queue.ts). */
export const EMAIL_QUEUE_URL = 'http://queue.local/email-send.fifo';

export function useWebhookEnvironment(): void {
  process.env.JWT_SECRET ??= 'test-secret-with-at-least-32-characters!';
  process.env[ENV.publicBaseUrl] = 'https://app.example.com';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  process.env[ENV.queueUrls] = JSON.stringify({ inbound: INBOUND_QUEUE_URL, 'email-send': EMAIL_QUEUE_URL });
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  process.env.AWS_REGION ??= 'us-east-1';
  resetConfig();
  resetClients();
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({ MessageId: 'queued' });
}

/** Every event the webhooks enqueued since the last call, parsed as the consumer will read them. */
export function takeEnqueued(): InboundEvent[] {
  const events = sqs
    .commandCalls(SendMessageCommand)
    .filter((call) => call.args[0].input.QueueUrl === INBOUND_QUEUE_URL)
    .map((call) => inboundEvent.parse(JSON.parse(call.args[0].input.MessageBody ?? '')));
  sqs.resetHistory();
  return events;
}

/** Runs the inbound consumer on the events as one SQS batch. */
export const consume = (events: InboundEvent[]) =>
  consumer(sqsEvent(events.map((event) => sqsRecord(event))));

/** A provider integration, ready to carry messages (an e-mail integration's address confirmed by its code). */
export async function createProviderIntegration(token: string, body: Record<string, unknown>) {
  const create = async () => {
    const response = await callRoute(integrations, createChannelIntegration, { token, body });
    if (response.status !== 201) throw new Error(`integration not created: ${JSON.stringify(response.body)}`);
    return response.body as ProviderIntegrationView;
  };
  return body.type === 'email' && typeof body.email === 'string'
    ? confirmedMailbox(token, body.email, create)
    : create();
}

export const META_CREDENTIALS = {
  phone: '558530001000',
  phone_number_id: '106540352242922',
  access_token: 'EAAG-meta-access-token-9876',
  app_secret: 'meta-app-secret-abcd',
  verify_token: 'verify-me-1234',
};

export interface WebhookRequestOptions {
  params: { provider: string; integrationId: string };
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export async function callWebhook(contract: RouteContract, options: WebhookRequestOptions) {
  const resource = resourcePath(contract);
  const path = resource
    .replace('{provider}', options.params.provider)
    .replace('{integrationId}', options.params.integrationId);
  const event = {
    resource,
    path,
    httpMethod: contract.method,
    headers: { 'Content-Type': 'application/json', ...options.headers },
    multiValueHeaders: {},
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: options.params,
    stageVariables: null,
    requestContext: { requestId: randomUUID(), resourcePath: resource, httpMethod: contract.method },
    body: options.rawBody ?? null,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEvent;
  const response = await handler(event, {} as Context);
  return { status: response.statusCode, body: response.body };
}

/** A Cloud API webhook body for one change value (messages or statuses) of the test phone number. */
export function cloudApiBody(value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: META_CREDENTIALS.phone,
                phone_number_id: META_CREDENTIALS.phone_number_id,
              },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

export const customerText = (id: string, from: string, body: string) =>
  cloudApiBody({
    contacts: [{ profile: { name: 'Maria Souza' }, wa_id: from }],
    messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }],
  });

export const signedByMeta = (rawBody: string, secret = META_CREDENTIALS.app_secret) => ({
  'X-Hub-Signature-256': metaSignature(rawBody, secret),
});
