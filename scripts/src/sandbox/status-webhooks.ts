import { type DeliveryStatus, postWebhook, whatsappStatusesPayload } from './webhooks.ts';

/**
 * What the Cloud API does after it accepts a template: it tells the business's webhook how the message fares,
 * `sent` (in transit), then `delivered` (on the device), then `read` for those who open it, each in the
 * documented `statuses` notification signed with the app secret (X-Hub-Signature-256). The sandbox plays this
 * for the numbers whose webhook was subscribed (the app dashboard's callback URL and app secret); several
 * statuses due together go in one POST, as Meta may batch them, and a POST the product did not take (network
 * error, 5xx) is tried again a few times, as Meta retries.
 */

export interface StatusWebhookOptions {
  /** SANDBOX_STATUS_WEBHOOKS=0 turns them off. */
  enabled: boolean;
  /** Milliseconds after the accepted send at which each status is posted. */
  delays: { sent: number; delivered: number; read: number };
  /** Share of recipients who read (0 to 1), picked by their number so a run repeats itself. */
  readShare: number;
}

export interface StatusSubscription {
  phoneNumberId: string;
  /** The product's webhook route of the integration, `/api/webhooks/meta/{integration id}`. */
  url: string;
  appSecret: string;
}

export interface PostedStatus {
  phoneNumberId: string;
  messageId: string;
  recipient: string;
  status: DeliveryStatus['status'];
  at: string;
  /** The product's HTTP answer to the POST that carried it (0: it was never reached). */
  answered: number;
}

/** SANDBOX_STATUS_DELAY_MS is the `sent` delay (1 s by default); delivered comes twice, read four times as late. */
export function statusWebhookOptions(env: NodeJS.ProcessEnv = process.env): StatusWebhookOptions {
  const base = Number(env.SANDBOX_STATUS_DELAY_MS ?? 1000);
  const delay = Number.isFinite(base) && base >= 0 ? base : 1000;
  const share = Number(env.SANDBOX_READ_SHARE ?? 0.5);
  return {
    enabled: env.SANDBOX_STATUS_WEBHOOKS !== '0',
    delays: { sent: delay, delivered: delay * 2, read: delay * 4 },
    readShare: Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0.5,
  };
}

/** Whether this recipient reads: the number's digits spread evenly over 0..99, against the share. */
export const reads = (recipient: string, share: number) => {
  let hash = 0;
  for (const char of recipient) hash = (hash * 31 + char.charCodeAt(0)) % 10_007;
  return hash % 100 < Math.round(share * 100);
};

/** Statuses per POST, and POSTs at once (the product's webhook route is not flooded). */
const STATUSES_PER_POST = 50;
const POSTS_AT_ONCE = 4;
/** Retries of a POST the product did not take, the first after 1 s, then twice as long each time. */
const RETRIES = 4;

interface Due {
  at: number;
  phoneNumberId: string;
  status: DeliveryStatus;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createStatusWebhooks(options: StatusWebhookOptions, clock: () => number = Date.now) {
  const subscriptions = new Map<string, StatusSubscription>();
  const queue: Due[] = [];
  const posted: PostedStatus[] = [];
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let flushing = false;
  let closed = false;

  async function post(subscription: StatusSubscription, statuses: DeliveryStatus[]) {
    let answered = 0;
    for (let attempt = 0; attempt <= RETRIES && !closed; attempt += 1) {
      if (attempt > 0) await sleep(1000 * 2 ** (attempt - 1));
      try {
        answered = (
          await postWebhook(subscription.url, whatsappStatusesPayload(statuses, subscription.phoneNumberId), {
            kind: 'meta',
            appSecret: subscription.appSecret,
          })
        ).status;
      } catch {
        answered = 0;
      }
      if (answered > 0 && answered < 500) break;
    }
    const at = new Date(clock()).toISOString();
    for (const status of statuses) {
      posted.push({
        phoneNumberId: subscription.phoneNumberId,
        messageId: status.messageId,
        recipient: status.recipient,
        status: status.status,
        at,
        answered,
      });
    }
  }

  /** Posts what is due, grouped by number, at most POSTS_AT_ONCE at a time; then waits for the next due. */
  async function flush() {
    timer = undefined;
    flushing = true;
    const now = clock();
    const due = queue.filter((entry) => entry.at <= now);
    queue.splice(0, queue.length, ...queue.filter((entry) => entry.at > now));
    const posts: { subscription: StatusSubscription; statuses: DeliveryStatus[] }[] = [];
    for (const [phoneNumberId, subscription] of subscriptions) {
      const mine = due.filter((entry) => entry.phoneNumberId === phoneNumberId).map((entry) => entry.status);
      for (let start = 0; start < mine.length; start += STATUSES_PER_POST) {
        posts.push({ subscription, statuses: mine.slice(start, start + STATUSES_PER_POST) });
      }
    }
    const work = (async () => {
      for (let start = 0; start < posts.length; start += POSTS_AT_ONCE) {
        await Promise.all(
          posts.slice(start, start + POSTS_AT_ONCE).map((entry) => post(entry.subscription, entry.statuses)),
        );
      }
    })();
    inFlight.add(work);
    await work.finally(() => inFlight.delete(work));
    flushing = false;
    schedule();
  }

  /** One flush at a time, so a number's statuses reach the product in the order they happened. */
  function schedule() {
    if (closed || timer || flushing || queue.length === 0) return;
    const next = Math.min(...queue.map((entry) => entry.at));
    timer = setTimeout(() => void flush(), Math.max(0, next - clock()));
    timer.unref();
  }

  return {
    options,
    subscribe(subscription: StatusSubscription) {
      subscriptions.set(subscription.phoneNumberId, subscription);
    },
    /**
     * The Cloud API accepted a template from `phoneNumberId` to `recipient` as `messageId`: its statuses are
     * queued, if that number's webhook is subscribed and the statuses are on.
     */
    accepted(phoneNumberId: string, messageId: string, recipient: string) {
      if (!options.enabled || closed || !subscriptions.has(phoneNumberId)) return;
      const sentAt = clock();
      const plan: [DeliveryStatus['status'], number][] = [
        ['sent', options.delays.sent],
        ['delivered', options.delays.delivered],
        ...(reads(recipient, options.readShare)
          ? [['read', options.delays.read] as [DeliveryStatus['status'], number]]
          : []),
      ];
      for (const [status, delay] of plan) {
        queue.push({
          at: sentAt + delay,
          phoneNumberId,
          status: { messageId, recipient, status, at: new Date(sentAt + delay) },
        });
      }
      schedule();
    },
    /** The statuses posted so far (each with the product's answer), oldest first. */
    posted: (): readonly PostedStatus[] => posted,
    /** Resolves once every queued status was posted (tests and the bench wait for it). */
    async settled(): Promise<void> {
      while (queue.length > 0 || inFlight.size > 0 || timer || flushing) {
        await Promise.all([...inFlight]);
        const next = queue.length > 0 ? Math.min(...queue.map((entry) => entry.at)) : clock();
        if (queue.length > 0 || timer || flushing) await sleep(Math.max(10, next - clock()));
      }
    },
    reset() {
      queue.length = 0;
      posted.length = 0;
      subscriptions.clear();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      queue.length = 0;
    },
  };
}

export type StatusWebhooks = ReturnType<typeof createStatusWebhooks>;
