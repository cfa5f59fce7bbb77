import type { WidgetMessage, WidgetSession } from '@atende/shared/contracts/widget/views';
import { type WidgetApi, WidgetHttpError } from './api.ts';
import { mergeMessages, newClientMessageId, type ShownMessage } from './messages.ts';
import { clearSession, loadSession, saveSession, tokenCompany } from './session-store.ts';
import { openVisitorSocket } from './socket.ts';
import { texts } from './texts.ts';
import type { WidgetUi } from './ui.ts';

export interface WidgetAppOptions {
  widgetId: string;
  api: WidgetApi;
  wsUrl: string;
  ui: WidgetUi;
  storage: Storage | undefined;
}

/** Automatic retries of a failed send before the visitor is asked to tap it. */
const RETRY_DELAYS_MS = [1000, 3000, 8000];

const isUnauthorized = (error: unknown) => error instanceof WidgetHttpError && error.status === 401;

/**
 * The widget's behaviour: a session starts on the first message and is kept in localStorage; messages are
 * shown at once and sent in the background (retried, then tappable); operator answers arrive over the
 * WebSocket, and every (re)connection reloads the history so nothing missed while offline is lost.
 */
export async function startWidgetApp({ widgetId, api, wsUrl, ui, storage }: WidgetAppOptions): Promise<void> {
  try {
    const config = await api.config();
    ui.setAppearance({ title: texts.title, color: config.color, greeting: config.greeting });
  } catch {
    ui.setStatus(texts.unavailable);
    return;
  }

  let session: WidgetSession | undefined = loadSession(storage, widgetId);
  let messages: ShownMessage[] = [];
  let socket: { close: () => void } | undefined;
  let starting: Promise<WidgetSession> | undefined;
  const pendingTexts = new Map<string, string>();

  const show = (incoming: ShownMessage[]) => {
    messages = mergeMessages(messages, incoming);
    ui.render(messages);
  };
  const received = (message: WidgetMessage) => show([{ ...message, state: 'sent' }]);

  const forgetSession = () => {
    socket?.close();
    socket = undefined;
    session = undefined;
    clearSession(storage, widgetId);
  };

  const reloadHistory = async () => {
    const current = session;
    if (!current) return;
    try {
      const page = await api.history(current.token);
      show(page.items.map((message) => ({ ...message, state: 'sent' as const })));
    } catch (error) {
      if (isUnauthorized(error) && session === current) forgetSession();
    }
  };

  const connect = (current: WidgetSession) => {
    socket?.close();
    socket = openVisitorSocket({
      wsUrl,
      token: current.token,
      companyId: tokenCompany(current.token),
      onMessage: received,
      onOpen: () => void reloadHistory(),
      onStateChange: (connected) => ui.setStatus(connected ? '' : texts.reconnecting),
    });
  };

  const ensureSession = async (): Promise<WidgetSession> => {
    if (session) return session;
    starting ??= api.startSession().then((created) => {
      session = created;
      saveSession(storage, widgetId, created);
      connect(created);
      return created;
    });
    try {
      return await starting;
    } finally {
      starting = undefined;
    }
  };

  const mark = (id: string, state: ShownMessage['state']) => {
    const message = messages.find((candidate) => candidate.id === id);
    if (message && message.state !== 'sent') show([{ ...message, state }]);
  };

  const deliver = async (id: string, attempt = 0): Promise<void> => {
    const text = pendingTexts.get(id);
    if (text === undefined) return;
    mark(id, 'pending');
    try {
      const current = await ensureSession();
      try {
        await api.send(current.token, id, text);
      } catch (error) {
        // A token the server no longer accepts (expired, widget visitor gone): start over once.
        if (!isUnauthorized(error)) throw error;
        forgetSession();
        await api.send((await ensureSession()).token, id, text);
      }
      pendingTexts.delete(id);
      mark(id, 'sent');
    } catch {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        mark(id, 'failed');
        return;
      }
      setTimeout(() => void deliver(id, attempt + 1), delay);
    }
  };

  ui.onSend((text) => {
    const id = newClientMessageId((bytes) => crypto.getRandomValues(bytes));
    pendingTexts.set(id, text);
    show([{ id, sender: 'customer', text, created_at: new Date().toISOString(), state: 'pending' }]);
    void deliver(id);
  });
  ui.onRetry((id) => void deliver(id));
  ui.render(messages);
  if (session) connect(session);
}
