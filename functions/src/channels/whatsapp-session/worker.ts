/**
 * The unofficial WhatsApp session worker. It cannot be a Lambda: a linked device is a WhatsApp Web client
 * that must hold one persistent WebSocket to WhatsApp for as long as the integration is connected (messages
 * and receipts arrive on it, and a device that stays away is logged out), and the protocol keeps signal
 * session state in memory between frames. Lambdas are short-lived and may run many copies at once, so the
 * worker runs as one long-lived process (a container service in AWS, in-process in the local runtime),
 * keeping one session per integration, reconnecting with backoff and taking commands from its own queue.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryStatus, InboundEvent, InboundMessage } from '@atende/shared/channels/inbound';
import { enqueueInbound } from '../../conversations/enqueue.ts';
import { sqsClient } from '../../lib/sqs-client.ts';
import { config } from '../../lib/config.ts';
import { logger } from '../../lib/logger.ts';
import { dynamoAuthStore } from './auth-store.ts';
import { SESSION_COMMANDS_QUEUE_ID, type SessionCommand } from './commands.ts';
import { pollCommands } from './command-queue.ts';
import {
  isStatusForward,
  type SessionAuthStore,
  type SessionConnector,
  type SessionDriver,
  type SessionEvent,
  type SessionInboundMessage,
} from './connector.ts';
import { readStoredMedia, storeInboundMedia } from './media.ts';
import { applySessionChange, type SessionChange } from './state.ts';
import { listActiveSessions } from './store.ts';

export interface SessionWorkerOptions {
  driver: SessionDriver;
  queueUrl: string;
  sqs?: SQSClient;
  authStore?: (companyId: string, integrationId: string) => SessionAuthStore;
  enqueue?: (event: InboundEvent) => Promise<void>;
  backoff?: { initialMs: number; maxMs: number };
  /** Seconds a receive waits for a command (SQS long polling, at most 20). */
  waitSeconds?: number;
}

interface LiveSession {
  companyId: string;
  integrationId: string;
  connector: SessionConnector;
  auth: SessionAuthStore;
  change: SessionChange | undefined;
  attempts: number;
  timer: NodeJS.Timeout | undefined;
  ending: boolean;
  /** Events are handled one after the other: a conversation's messages keep their order. */
  chain: Promise<void>;
  seen: Set<string>;
  statuses: Map<string, DeliveryStatus>;
}

/** Ids remembered per session to drop WhatsApp's redeliveries before they reach the queue. */
const REMEMBERED_IDS = 5000;

/** Makes room for one more id, forgetting the oldest. */
const remember = <T>(set: Set<T> | Map<T, unknown>) => {
  if (set.size < REMEMBERED_IDS) return;
  const oldest = set.keys().next();
  if (!oldest.done) set.delete(oldest.value);
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class SessionWorker {
  private readonly sessions = new Map<string, LiveSession>();
  private readonly options: Required<Omit<SessionWorkerOptions, 'sqs'>> & { sqs: SQSClient | undefined };
  private polling: AbortController | undefined;
  private loop: Promise<void> | undefined;

  constructor(options: SessionWorkerOptions) {
    this.options = {
      authStore: dynamoAuthStore,
      enqueue: enqueueInbound,
      backoff: { initialMs: 1000, maxMs: 60_000 },
      waitSeconds: 20,
      ...options,
      sqs: options.sqs,
    };
  }

  /** Brings back every session that was connected or connecting, then takes commands until `stop`. */
  async start(): Promise<void> {
    for (const { companyId, integrationId } of await listActiveSessions()) {
      // One session that cannot come back (a link sealed with a rotated key...) must not keep the others down.
      await this.open(companyId, integrationId).catch((error: unknown) =>
        logger.error('whatsapp session not restored', { integrationId, error: errorText(error) }),
      );
    }
    this.polling = new AbortController();
    this.loop = pollCommands({
      sqs: this.options.sqs ?? sqsClient(),
      queueUrl: this.options.queueUrl,
      waitSeconds: this.options.waitSeconds,
      signal: this.polling.signal,
      handle: (command) => this.handle(command),
    });
  }

  async stop(): Promise<void> {
    this.polling?.abort();
    await this.loop;
    for (const session of this.sessions.values()) {
      session.ending = true;
      clearTimeout(session.timer);
      await session.connector.end().catch(() => undefined);
    }
    this.sessions.clear();
  }

  /** The state a session of this worker last reported. */
  stateOf(integrationId: string): SessionChange | undefined {
    return this.sessions.get(integrationId)?.change;
  }

  async handle(command: SessionCommand): Promise<void> {
    const live = this.sessions.get(command.integrationId);
    if (command.kind === 'connect') {
      if (!live) return void (await this.open(command.companyId, command.integrationId));
      // The API wrote 'connecting' when asked; the session says again where it really is (its QR included).
      if (live.change) await this.record(live, live.change);
      if (live.timer) {
        clearTimeout(live.timer);
        live.timer = undefined;
        await live.connector.connect();
      }
      return;
    }
    if (command.kind === 'logout') return this.logout(command.companyId, command.integrationId, live);
    await this.send(command, live);
  }

  private async open(companyId: string, integrationId: string): Promise<void> {
    const auth = this.options.authStore(companyId, integrationId);
    const session: LiveSession = {
      companyId,
      integrationId,
      auth,
      connector: this.options.driver({
        companyId,
        integrationId,
        auth,
        onEvent: (event) => {
          session.chain = session.chain
            .then(() => this.onEvent(session, event))
            .catch((error: unknown) =>
              logger.error('whatsapp session event failed', { integrationId, error: errorText(error) }),
            );
        },
      }),
      change: undefined,
      attempts: 0,
      timer: undefined,
      ending: false,
      chain: Promise.resolve(),
      seen: new Set(),
      statuses: new Map(),
    };
    this.sessions.set(integrationId, session);
    await session.connector.connect();
  }

  /** Writes the change; a removed integration ends its session (and forgets its link). */
  private async record(session: LiveSession, change: SessionChange): Promise<boolean> {
    session.change = change;
    const stored = await applySessionChange(session.companyId, session.integrationId, change);
    if (stored) return true;
    await this.discard(session);
    return false;
  }

  private async discard(session: LiveSession): Promise<void> {
    session.ending = true;
    clearTimeout(session.timer);
    this.sessions.delete(session.integrationId);
    await session.connector.end().catch(() => undefined);
    await session.auth.clear();
  }

  private async onEvent(session: LiveSession, event: SessionEvent): Promise<void> {
    if (session.ending && event.type !== 'close') return;
    switch (event.type) {
      case 'connecting':
        await this.record(session, { state: 'connecting' });
        return;
      case 'qr':
        await this.record(session, { state: 'qr', qr: event.qr });
        return;
      case 'open':
        session.attempts = 0;
        await this.record(session, { state: 'open', phone: event.phone, active: true });
        return;
      case 'close':
        return this.onClose(session, event.reason);
      case 'message':
        return this.onMessage(session, event.message);
      case 'status': {
        const before = session.statuses.get(event.update.id);
        if (!isStatusForward(before, event.update.status)) return;
        remember(session.statuses);
        session.statuses.set(event.update.id, event.update.status);
        await this.options.enqueue({
          kind: 'status',
          companyId: session.companyId,
          integrationId: session.integrationId,
          channel: 'whatsapp',
          providerMessageId: event.update.id,
          status: event.update.status,
          at: event.update.at.toISOString(),
        });
      }
    }
  }

  private async onClose(session: LiveSession, reason: string): Promise<void> {
    if (reason === 'logged-out') {
      this.sessions.delete(session.integrationId);
      session.ending = true;
      clearTimeout(session.timer);
      await session.auth.clear();
      await applySessionChange(session.companyId, session.integrationId, {
        state: 'idle',
        phone: '',
        active: false,
      });
      return;
    }
    if (session.ending) return;
    if (!(await this.record(session, { state: 'closed' }))) return;
    const { initialMs, maxMs } = this.options.backoff;
    // WhatsApp asks for a restart right after a QR scan: that one is not a failure.
    const delay = reason === 'restart-required' ? 0 : Math.min(maxMs, initialMs * 2 ** session.attempts);
    session.attempts += 1;
    session.timer = setTimeout(() => {
      session.timer = undefined;
      if (session.ending) return;
      session.connector.connect().catch((error: unknown) => {
        logger.warn('whatsapp session reconnect failed', {
          integrationId: session.integrationId,
          error: errorText(error),
        });
        session.connector.end().catch(() => undefined);
        void this.onClose(session, 'connection-lost');
      });
    }, delay);
  }

  private async onMessage(session: LiveSession, message: SessionInboundMessage): Promise<void> {
    if (session.seen.has(message.id)) return;
    const event: InboundMessage = {
      kind: 'message',
      companyId: session.companyId,
      integrationId: session.integrationId,
      channel: 'whatsapp',
      providerMessageId: message.id,
      from: {
        externalId: message.from,
        phone: message.from,
        ...(message.pushName ? { name: message.pushName } : {}),
      },
      ...(message.text ? { text: message.text } : {}),
      sentAt: message.sentAt.toISOString(),
    };
    if (message.media) event.media = await storeInboundMedia(event, message.media);
    await this.options.enqueue(event);
    remember(session.seen);
    session.seen.add(message.id);
  }

  private async logout(companyId: string, integrationId: string, live: LiveSession | undefined) {
    if (live) {
      try {
        await live.connector.logout();
        return;
      } catch (error) {
        logger.warn('whatsapp logout without a live socket', { integrationId, error: errorText(error) });
        await this.discard(live);
      }
    } else {
      await this.options.authStore(companyId, integrationId).clear();
    }
    await applySessionChange(companyId, integrationId, { state: 'idle', phone: '', active: false });
  }

  private async send(command: Extract<SessionCommand, { kind: 'send' }>, live: LiveSession | undefined) {
    try {
      if (!live || live.change?.state !== 'open') throw new Error('whatsapp session is not connected');
      const outbound = command.media
        ? {
            kind: 'media' as const,
            to: command.to,
            media: {
              kind: command.media.kind,
              fileName: command.media.file_name,
              ...(await readStoredMedia(command.media.file_path)),
            },
          }
        : { kind: 'text' as const, to: command.to, text: command.text ?? '' };
      await live.connector.send(outbound, command.messageId);
    } catch (error) {
      logger.warn('whatsapp session send failed', {
        integrationId: command.integrationId,
        error: errorText(error),
      });
      await this.options.enqueue({
        kind: 'status',
        companyId: command.companyId,
        integrationId: command.integrationId,
        channel: 'whatsapp',
        providerMessageId: command.messageId,
        status: 'failed',
        at: new Date().toISOString(),
        error: { code: 'session_send_failed', message: errorText(error) },
      });
    }
  }
}

/** Starts a worker on this environment's command queue (QUEUE_URLS) with the given driver. */
export async function startSessionWorker(
  options: Omit<SessionWorkerOptions, 'queueUrl'> & { queueUrl?: string },
): Promise<SessionWorker> {
  const queueUrl = options.queueUrl ?? config().queueUrls[SESSION_COMMANDS_QUEUE_ID];
  if (!queueUrl) throw new Error(`the ${SESSION_COMMANDS_QUEUE_ID} queue URL is not configured (QUEUE_URLS)`);
  const worker = new SessionWorker({ ...options, queueUrl });
  await worker.start();
  return worker;
}
