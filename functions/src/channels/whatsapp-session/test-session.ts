import { ReceiveMessageCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { type InboundEvent, inboundEvent } from '@atende/shared/channels/inbound';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import type { UnofficialIntegrationView } from '@atende/shared/contracts/integrations/views';
import { ENV } from '@atende/shared/infra/env';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { callRoute } from '../../auth/test-gateway.ts';
import { handler as integrations } from '../../integrations/handler.ts';
import { resetConfig } from '../../lib/config.ts';
import { sqs, useWebhookEnvironment } from '../../webhooks/test-webhooks.ts';
import { type SessionCommand, sessionCommand } from './commands.ts';

/**
 * Test support for the unofficial WhatsApp session: the webhook tests' environment (sealing key, SQS
 * captured by a mock) with the session commands queue added, and what was queued on each queue.
 */
export const INBOUND_URL = 'http://queue.local/inbound.fifo';
export const COMMANDS_URL = 'http://queue.local/whatsapp-session-commands.fifo';

export const sessionSqs: AwsClientStub<SQSClient> = sqs;

export function useSessionEnvironment(): void {
  useWebhookEnvironment();
  process.env[ENV.queueUrls] = JSON.stringify({
    inbound: INBOUND_URL,
    'whatsapp-session-commands': COMMANDS_URL,
  });
  resetConfig();
  // An empty command queue: each long poll answers nothing after a short wait, as SQS does.
  sessionSqs
    .on(ReceiveMessageCommand)
    .callsFake(() => new Promise((resolve) => setTimeout(() => resolve({ Messages: [] }), 20)));
}

function take(url: string): string[] {
  return sessionSqs
    .commandCalls(SendMessageCommand)
    .filter((call) => call.args[0].input.QueueUrl === url)
    .map((call) => call.args[0].input.MessageBody ?? '');
}

/** Every call seen so far is forgotten by `forgetQueued`; these only read. */
export const queuedCommands = (): SessionCommand[] =>
  take(COMMANDS_URL).map((body) => sessionCommand.parse(JSON.parse(body)));

export const queuedInbound = (): InboundEvent[] =>
  take(INBOUND_URL).map((body) => inboundEvent.parse(JSON.parse(body)));

export const forgetQueued = () => sessionSqs.resetHistory();

export async function createUnofficial(token: string, label: string): Promise<UnofficialIntegrationView> {
  const response = await callRoute(integrations, createChannelIntegration, {
    token,
    body: { type: 'unofficial', label },
  });
  if (response.status !== 201) throw new Error(`integration not created: ${JSON.stringify(response.body)}`);
  return response.body as UnofficialIntegrationView;
}

/** Waits for an asynchronous effect (the fake peer answers on the next turns of the event loop). */
export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
