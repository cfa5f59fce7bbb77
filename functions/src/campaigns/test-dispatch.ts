import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import type { FetchImpl } from '../channels/adapter.ts';
import { resetConfig } from '../lib/config.ts';
import { handler as consumer } from './dispatch-consumer.ts';
import { CAMPAIGN_DISPATCH_QUEUE } from './queue.ts';

const SESSION_COMMANDS_URL = 'http://queue/whatsapp-session-commands.fifo';

/**
 * Test support: the campaign-dispatch queue as an in-memory list delivered through the real consumer (failed
 * records go back on the queue, as SQS redelivers them), and a Cloud API `/messages` fake that records each
 * send and answers Graph errors on demand.
 */
export function fakeDispatchQueue() {
  const pending: string[] = [];
  process.env.QUEUE_URLS = JSON.stringify({
    [CAMPAIGN_DISPATCH_QUEUE]: 'http://queue/campaign-dispatch',
    'whatsapp-session-commands': SESSION_COMMANDS_URL,
  });
  resetConfig();
  const sqs = mockClient(SQSClient);
  sqs.on(SendMessageBatchCommand).callsFake((input: { Entries: { MessageBody: string }[] }) => {
    for (const entry of input.Entries) pending.push(entry.MessageBody);
    return { Successful: input.Entries.map((_, index) => ({ Id: String(index) })), Failed: [] };
  });
  let delivered = 0;
  const eventOf = (body: string, receiveCount = 1): SQSEvent => ({
    Records: [
      {
        messageId: `m-${(delivered += 1)}`,
        receiptHandle: 'r',
        body,
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:campaign-dispatch',
        awsRegion: 'us-east-1',
      },
    ],
  });
  /** Delivers one body; answers whether the consumer accepted it. */
  const deliver = async (body: string) => (await consumer(eventOf(body))).batchItemFailures.length === 0;
  return {
    pending,
    deliver,
    /** Commands the unofficial WhatsApp worker was given. */
    sessionSends: () =>
      sqs
        .commandCalls(SendMessageCommand)
        .filter((call) => call.args[0].input.QueueUrl === SESSION_COMMANDS_URL)
        .map((call) => JSON.parse(call.args[0].input.MessageBody ?? '{}') as { to: string; text: string }),
    /** Delivers everything queued (and what that queues), redelivering failures, up to `limit` deliveries. */
    async drain(limit = 200): Promise<{ deliveries: number; failures: number }> {
      let deliveries = 0;
      let failures = 0;
      for (let body = pending.shift(); body !== undefined && deliveries < limit; body = pending.shift()) {
        deliveries += 1;
        if (!(await deliver(body))) {
          failures += 1;
          pending.push(body);
        }
      }
      return { deliveries, failures };
    },
  };
}

export interface CloudSend {
  to: string;
  template: string;
  /** The body component's parameters, and the header's. */
  params: string[];
  header: string[];
}

const componentText = (components: { type: string; parameters: { text: string }[] }[] = [], type: string) =>
  components.find((component) => component.type === type)?.parameters.map((parameter) => parameter.text) ??
  [];

/** The Cloud API's `/messages` as a fetch: answers a wamid per send, or the next queued Graph error. */
export function fakeCloudApi() {
  const sent: CloudSend[] = [];
  const errors: { code: number; status: number }[] = [];
  let counter = 0;
  const impl: FetchImpl = async (_url, init) => {
    const body = JSON.parse(String(init.body)) as {
      to: string;
      template: { name: string; components?: { type: string; parameters: { text: string }[] }[] };
    };
    const error = errors.shift();
    if (error) {
      return new Response(
        JSON.stringify({
          error: { message: `(#${error.code}) error`, type: 'OAuthException', code: error.code },
        }),
        { status: error.status },
      );
    }
    sent.push({
      to: body.to,
      template: body.template.name,
      params: componentText(body.template.components, 'body'),
      header: componentText(body.template.components, 'header'),
    });
    counter += 1;
    return new Response(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.test${counter}` }],
      }),
      { status: 200 },
    );
  };
  return {
    impl,
    sent,
    failNext(code: number, status = 400) {
      errors.push({ code, status });
    },
  };
}
