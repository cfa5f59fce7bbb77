import { appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleDialog, handleGraph } from './graph-fakes.ts';
import type { FakeTemplate } from './templates-fake.ts';
import { handleGupshup } from './gupshup-fake.ts';
import { handleOpenai } from './openai-fake.ts';
import { type InboundInput, type InboundResult, postInbound } from './inbound.ts';
import { createSmtpSink, type ReceivedMail } from './smtp-sink.ts';
import { FakeAgendor, handleAgendor } from './agendor-fake.ts';
import { FakeNectar, handleNectar } from './nectar-fake.ts';
import { FakeRdStationCrm, handleRdStationCrm } from './rdstation-crm-fake.ts';
import { FakeSalesforce, handleSalesforce } from './salesforce-fake.ts';
import { FakePipedrive, handlePipedrive } from './pipedrive-fake.ts';
import { FakeRdStationMarketing, handleRdStationMarketing } from './rdstation-marketing-fake.ts';
import { handleTelegram } from './telegram-fake.ts';
import {
  createStatusWebhooks,
  type StatusWebhookOptions,
  type StatusWebhooks,
  statusWebhookOptions,
} from './status-webhooks.ts';
import { createThroughputLimiter, meteredNumber, sandboxMps, sentSummary } from './throughput.ts';
import { FakeWhatsappNetwork } from '@atende/functions/channels/whatsapp-session/fake-peer';
import { handleWhatsappSession, WHATSAPP_SESSION_MOUNT } from './whatsapp-session.ts';
import {
  type FakeContext,
  type FakeRequest,
  type FakeResult,
  type QueuedFailure,
  SANDBOX_PROVIDERS,
  type SandboxFailure,
  type SandboxProvider,
  type SentRequest,
  type StoredMedia,
} from './types.ts';

export interface ProviderSandboxOptions {
  /** HTTP port of the provider fakes; 0 or absent picks a free one. */
  port?: number | undefined;
  /** Port of the SMTP sink standing in for SES; 0 or absent picks a free one. */
  smtpPort?: number | undefined;
  host?: string | undefined;
  onSent?: ((request: SentRequest) => void) | undefined;
  onMail?: ((mail: ReceivedMail) => void) | undefined;
  /** The fake WhatsApp the local session worker is linked to (a new one when absent). */
  whatsappSession?: FakeWhatsappNetwork | undefined;
  /** Per-number WhatsApp throughput in messages per second (default SANDBOX_MPS, else 80). */
  mps?: number | undefined;
  /** Milliseconds clock of the throughput limit (tests freeze it). */
  clock?: (() => number) | undefined;
  /**
   * A file each recorded request is appended to (its `_sent` summary and the `status` answered, one per line,
   * written before the answer), so what the provider received, and what it refused (429 rate limits),
   * outlives a `kill -9` of the process holding the sandbox (default SANDBOX_SENT_LOG; the campaign crash
   * bench reads it).
   */
  sentLog?: string | undefined;
  /**
   * The Cloud API's status webhooks after an accepted template (sent, delivered, read for some), to the numbers
   * subscribed with `statusWebhooks.subscribe` or `POST {sandbox}/_webhooks`; defaults from the environment
   * (SANDBOX_STATUS_WEBHOOKS, SANDBOX_STATUS_DELAY_MS, SANDBOX_READ_SHARE).
   */
  statusWebhooks?: Partial<StatusWebhookOptions> | undefined;
}

export interface ProviderSandbox {
  /** Root URL; each provider lives under `{url}/{provider}` (see `baseUrls`). */
  url: string;
  /** The base URL to configure in each adapter (`SendContext.baseUrl`). */
  baseUrls: Record<SandboxProvider, string>;
  smtp: { host: string; port: number };
  /** What the fakes were asked to send, oldest first (optionally one provider's). */
  sent(provider?: SandboxProvider): SentRequest[];
  /** E-mails the SMTP sink received. */
  mail(): ReceivedMail[];
  /** Makes the provider's next `times` sends fail with its own error shape for `failure`. */
  failNext(
    provider: SandboxProvider,
    failure: SandboxFailure,
    options?: { times?: number; retryAfter?: number },
  ): void;
  /** Media the customer "sends": answers the id to put in a webhook (Meta media id, Telegram file_id). */
  addMedia(bytes: Uint8Array, mimeType: string): string;
  /** Plays the customer on a channel: posts a signed webhook (or sends an e-mail) to the product. */
  postInbound(input: InboundInput): Promise<InboundResult>;
  /** The unofficial WhatsApp's fake network, also served under `{url}/whatsapp-session/...`. */
  whatsappSession: FakeWhatsappNetwork;
  /** The fake Pipedrive's accounts (persons and notes by API token), also served under `{url}/pipedrive`. */
  pipedrive: FakePipedrive;
  /** The fake RD Station Marketing (OAuth, contacts, conversions), also served under `{url}/rdstationmarketing`. */
  rdMarketing: FakeRdStationMarketing;
  /** The fake Agendor's accounts (people and their history by API token), also served under `{url}/agendor`. */
  agendor: FakeAgendor;
  /** The fake Nectar CRM's accounts (contatos and tarefas by token), also served under `{url}/nectar`. */
  nectar: FakeNectar;
  /** The fake Salesforce orgs (login, Contacts and Tasks by username), also served under `{url}/salesforce`. */
  salesforce: FakeSalesforce;
  /** The fake RD Station CRM's accounts (contacts, deals, annotations by token), also served under `{url}/rdstation`. */
  rdStationCrm: FakeRdStationCrm;
  /** The Cloud API's status webhooks: subscriptions, what was posted, a wait for the queue to empty. */
  statusWebhooks: StatusWebhooks;
  /** Forgets what was sent, queued failures, media and status webhooks. */
  reset(): void;
  close(): Promise<void>;
}

const isProvider = (value: string): value is SandboxProvider =>
  (SANDBOX_PROVIDERS as readonly string[]).includes(value);

function route(
  provider: SandboxProvider,
  request: FakeRequest,
  context: FakeContext,
  pipedrive: FakePipedrive,
  rdMarketing: FakeRdStationMarketing,
  agendor: FakeAgendor,
  crms: { nectar: FakeNectar; salesforce: FakeSalesforce; rdStationCrm: FakeRdStationCrm },
): FakeResult {
  if (provider === 'agendor') return handleAgendor(agendor, request, context);
  if (provider === 'nectar') return handleNectar(crms.nectar, request, context);
  if (provider === 'salesforce') return handleSalesforce(crms.salesforce, request, context);
  if (provider === 'rdstation') return handleRdStationCrm(crms.rdStationCrm, request, context);
  if (provider === 'pipedrive') return handlePipedrive(pipedrive, request, context);
  if (provider === 'rdstationmarketing') return handleRdStationMarketing(rdMarketing, request, context);
  if (provider === 'dialog') return handleDialog(request, context);
  if (provider === 'gupshup') return handleGupshup(request, context);
  if (provider === 'telegram') return handleTelegram(request, context);
  if (provider === 'openai') return handleOpenai(request, context);
  return handleGraph(provider, request, context);
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return headers;
}

function write(
  response: ServerResponse,
  status: number,
  body: unknown,
  contentType?: string,
  headers: Record<string, string> = {},
): void {
  if (body instanceof Uint8Array) {
    response.writeHead(status, { ...headers, 'content-type': contentType ?? 'application/octet-stream' });
    response.end(body);
    return;
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'content-type': contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json'),
  });
  response.end(text);
}

/**
 * The providers' APIs on one local port (Meta Graph, motor, Messenger/Instagram, 360dialog, Gupshup, Telegram)
 * and an SMTP sink for outbound e-mail. They answer like the real APIs, including error and rate-limit shapes
 * on demand, and record every send so tests and developers can see what the product delivered.
 */
export async function createProviderSandbox(options: ProviderSandboxOptions = {}): Promise<ProviderSandbox> {
  const host = options.host ?? '127.0.0.1';
  const records: SentRequest[] = [];
  const failures = new Map<SandboxProvider, QueuedFailure[]>();
  const media = new Map<string, StoredMedia>();
  const templates = new Map<string, FakeTemplate[]>();
  let counter = 0;
  let root = '';
  const whatsappSession = options.whatsappSession ?? new FakeWhatsappNetwork();
  const pipedrive = new FakePipedrive();
  const rdMarketing = new FakeRdStationMarketing();
  const agendor = new FakeAgendor();
  const nectar = new FakeNectar();
  const salesforce = new FakeSalesforce();
  const rdStationCrm = new FakeRdStationCrm();
  const throughput = createThroughputLimiter(options.mps ?? sandboxMps(), options.clock);
  const sentLog = options.sentLog ?? process.env.SANDBOX_SENT_LOG;
  const statusWebhooks = createStatusWebhooks({ ...statusWebhookOptions(), ...options.statusWebhooks });
  const context: FakeContext = {
    get baseUrl() {
      return root;
    },
    nextId: () => {
      counter += 1;
      return counter;
    },
    takeFailure: (provider) => failures.get(provider)?.shift(),
    media,
    templates,
  };

  /** A template the Cloud API accepted: its status webhooks are queued (see status-webhooks.ts). */
  const acceptedTemplate = (mount: SandboxProvider, fake: FakeRequest, status: number, answer: unknown) => {
    const number = meteredNumber(mount, fake);
    const body = (fake.body ?? {}) as Record<string, unknown>;
    if (mount !== 'meta' || status !== 200 || !number || body.type !== 'template') return;
    const sent = answer as { messages?: { id?: string }[]; contacts?: { wa_id?: string }[] };
    const messageId = sent.messages?.[0]?.id;
    const recipient = sent.contacts?.[0]?.wa_id;
    if (messageId && recipient) statusWebhooks.accepted(number.slice('meta:'.length), messageId, recipient);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const [, mount = '', ...rest] = url.pathname.split('/');
    if (mount === '_sent' && request.method === 'GET') {
      const only = url.searchParams.get('provider');
      write(
        response,
        200,
        // What the provider accepted: refused requests (rate limit, bad token) reached no one.
        records
          .filter((record) => (!only || record.provider === only) && record.response.status < 400)
          .map(sentSummary),
      );
      return;
    }
    if (mount === '_webhooks' && request.method === 'POST') {
      readBody(request)
        .then((body) => {
          const { phone_number_id, url: callback, app_secret } = (body ?? {}) as Record<string, unknown>;
          if (
            typeof phone_number_id !== 'string' ||
            typeof callback !== 'string' ||
            typeof app_secret !== 'string'
          ) {
            write(response, 400, { error: 'phone_number_id, url and app_secret are required' });
            return;
          }
          statusWebhooks.subscribe({ phoneNumberId: phone_number_id, url: callback, appSecret: app_secret });
          write(response, 204, '');
        })
        .catch((error: unknown) => write(response, 500, { error: String(error) }));
      return;
    }
    if (mount === '_statuses' && request.method === 'GET') {
      write(response, 200, statusWebhooks.posted());
      return;
    }
    if (mount === WHATSAPP_SESSION_MOUNT) {
      readBody(request)
        .then((body) =>
          handleWhatsappSession(whatsappSession, request.method ?? 'GET', `/${rest.join('/')}`, body),
        )
        .then((answer) => write(response, answer.status, answer.body))
        .catch((error: unknown) => write(response, 500, { error: String(error) }));
      return;
    }
    if (!isProvider(mount)) {
      write(response, 404, { error: `unknown provider '${mount}'`, providers: SANDBOX_PROVIDERS });
      return;
    }
    readBody(request)
      .then((body) => {
        const fake: FakeRequest = {
          method: request.method ?? 'GET',
          path: `/${rest.join('/')}`,
          headers: headersOf(request),
          query: Object.fromEntries(url.searchParams),
          body,
        };
        // Beyond the number's throughput the provider answers its own rate-limit error (Cloud API 130429).
        const number = meteredNumber(mount, fake);
        if (number !== undefined && !throughput.take(number)) {
          failures.set(mount, [{ failure: 'rate_limit', retryAfter: 1 }, ...(failures.get(mount) ?? [])]);
        }
        const { response: answer, recorded } = route(mount, fake, context, pipedrive, rdMarketing, agendor, {
          nectar,
          salesforce,
          rdStationCrm,
        });
        if (recorded) {
          const record: SentRequest = {
            provider: mount,
            method: fake.method,
            path: fake.path,
            query: fake.query,
            headers: fake.headers,
            body,
            response: { status: answer.status, body: answer.body },
            at: new Date().toISOString(),
          };
          records.push(record);
          if (sentLog)
            appendFileSync(sentLog, `${JSON.stringify({ ...sentSummary(record), status: answer.status })}\n`);
          options.onSent?.(record);
          acceptedTemplate(mount, fake, answer.status, answer.body);
        }
        write(response, answer.status, answer.body, answer.contentType, answer.headers);
      })
      .catch((error: unknown) => write(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  root = `http://${host}:${port}`;
  const sink = await createSmtpSink({ port: options.smtpPort, host, onMessage: options.onMail });

  return {
    url: root,
    baseUrls: Object.fromEntries(
      SANDBOX_PROVIDERS.map((provider) => [provider, `${root}/${provider}`]),
    ) as Record<SandboxProvider, string>,
    smtp: { host: sink.host, port: sink.port },
    sent: (provider) => records.filter((record) => !provider || record.provider === provider),
    mail: () => sink.messages(),
    failNext(provider, failure, { times = 1, retryAfter = 5 } = {}) {
      const queue = failures.get(provider) ?? [];
      for (let index = 0; index < times; index += 1) queue.push({ failure, retryAfter });
      failures.set(provider, queue);
    },
    addMedia(bytes, mimeType) {
      const id = `sandbox-media-${context.nextId()}`;
      media.set(id, { id, bytes, mimeType });
      return id;
    },
    postInbound,
    whatsappSession,
    pipedrive,
    rdMarketing,
    agendor,
    nectar,
    salesforce,
    rdStationCrm,
    statusWebhooks,
    reset() {
      records.length = 0;
      statusWebhooks.reset();
      pipedrive.reset();
      agendor.reset();
      nectar.reset();
      salesforce.reset();
      rdStationCrm.reset();
      rdMarketing.reset();
      throughput.reset();
      failures.clear();
      media.clear();
      templates.clear();
      sink.reset();
    },
    async close() {
      statusWebhooks.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Clients keep connections alive; the sandbox should not wait for them to hang up.
      server.closeAllConnections();
      await Promise.all([closed, sink.close()]);
    },
  };
}
