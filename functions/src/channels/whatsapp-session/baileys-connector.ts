/**
 * The Baileys driver (npm `baileys`, the WhiskeySockets WhatsApp Web client). Pinned to 7.0.0-rc14: the 6.x
 * line depends on a GitHub-hosted libsignal that cannot be installed from the npm registry, the 7 release
 * candidates take libsignal from npm. Only the session worker loads this module (through drivers.ts, by a
 * dynamic import), so no Lambda bundle carries Baileys. Everything it does besides wiring the socket is in
 * baileys-mapping.ts, which is tested with recorded message shapes.
 */
import makeWASocket, {
  Browsers,
  BufferJSON,
  downloadMediaMessage,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type SignalDataSet,
  type SignalDataTypeMap,
  type WAMessage,
} from 'baileys';
import { logger } from '../../lib/logger.ts';
import { closeReasonOf, contentOf, inboundOf, jidOfPhone, phoneOfJid, statusOf } from './baileys-mapping.ts';
import type { SessionAuthStore, SessionConnector, SessionContext, SessionDriver } from './connector.ts';

type Socket = ReturnType<typeof makeWASocket>;

const serialize = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const deserialize = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

/** Baileys logs through a pino-shaped logger; ours takes its warnings and errors, the rest is noise. */
type BaileysLogger = NonNullable<Parameters<typeof makeWASocket>[0]['logger']>;

function baileysLogger(context: Record<string, unknown>): BaileysLogger {
  const quiet = () => undefined;
  const line = (level: 'warn' | 'error') => (object: unknown, message?: string) =>
    logger[level](message ?? 'baileys', {
      ...context,
      detail: typeof object === 'string' ? object : JSON.stringify(object)?.slice(0, 500),
    });
  return {
    level: 'warn',
    child: (extra) => baileysLogger({ ...context, ...extra }),
    trace: quiet,
    debug: quiet,
    info: quiet,
    warn: line('warn'),
    error: line('error'),
  };
}

async function authState(auth: SessionAuthStore) {
  const stored = await auth.readCreds();
  const creds = (stored ? deserialize(stored) : initAuthCreds()) as AuthenticationCreds;
  const keys = {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const found = await auth.readKeys(type, ids);
      const values: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        const text = found[id];
        if (text === undefined) continue;
        const value = deserialize(text);
        values[id] = (
          type === 'app-state-sync-key'
            ? proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>)
            : value
        ) as SignalDataTypeMap[T];
      }
      return values;
    },
    set: async (data: SignalDataSet) => {
      const entries: Array<{ type: string; id: string; value: string | undefined }> = [];
      for (const [type, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {})) {
          entries.push({ type, id, value: value ? serialize(value) : undefined });
        }
      }
      await auth.writeKeys(entries);
    },
  };
  return { creds, keys, saveCreds: () => auth.writeCreds(serialize(creds)) };
}

class BaileysConnector implements SessionConnector {
  private socket: Socket | undefined;

  constructor(private readonly context: SessionContext) {}

  async connect(): Promise<void> {
    const { onEvent } = this.context;
    const log = baileysLogger({ integrationId: this.context.integrationId });
    const { creds, keys, saveCreds } = await authState(this.context.auth);
    const socket = makeWASocket({
      auth: { creds, keys },
      browser: Browsers.ubuntu('Chrome'),
      logger: log,
      markOnlineOnConnect: false,
      syncFullHistory: false,
    });
    this.socket = socket;
    onEvent({ type: 'connecting' });
    socket.ev.on('creds.update', () => {
      saveCreds().catch((error: unknown) => log.error({ error: String(error) }, 'creds not saved'));
    });
    socket.ev.on('connection.update', (update) => {
      if (update.qr) onEvent({ type: 'qr', qr: update.qr });
      if (update.connection === 'open') {
        onEvent({ type: 'open', phone: phoneOfJid(socket.user?.id) ?? '' });
      }
      if (update.connection === 'close' && this.socket === socket) {
        this.socket = undefined;
        const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
        onEvent({ type: 'close', reason: closeReasonOf(error?.output?.statusCode) });
      }
    });
    socket.ev.on('messages.upsert', ({ messages, type }) => {
      if (type !== 'notify') return;
      for (const message of messages) this.emitInbound(socket, message);
    });
    socket.ev.on('messages.update', (updates) => {
      for (const update of updates) {
        const status = statusOf(update);
        if (status) onEvent({ type: 'status', update: { ...status, at: new Date() } });
      }
    });
  }

  private emitInbound(socket: Socket, message: WAMessage): void {
    const mapped = inboundOf(message);
    if (!mapped) return;
    const { media, ...rest } = mapped;
    this.context.onEvent({
      type: 'message',
      message: {
        ...rest,
        media: media && {
          ...media,
          download: () =>
            downloadMediaMessage(
              message,
              'buffer',
              {},
              { logger: baileysLogger({}), reuploadRequest: socket.updateMediaMessage },
            ),
        },
      },
    });
  }

  async send(
    message: Parameters<SessionConnector['send']>[0],
    messageId: string,
  ): Promise<{ providerMessageId: string }> {
    if (!this.socket) throw new Error('whatsapp session is not connected');
    const sent = await this.socket.sendMessage(jidOfPhone(message.to), contentOf(message), { messageId });
    return { providerMessageId: sent?.key.id ?? messageId };
  }

  async logout(): Promise<void> {
    if (!this.socket) throw new Error('whatsapp session is not connected');
    await this.socket.logout();
  }

  async end(): Promise<void> {
    const socket = this.socket;
    this.socket = undefined;
    await socket?.end(undefined);
  }
}

export const baileysDriver: SessionDriver = (context) => new BaileysConnector(context);
