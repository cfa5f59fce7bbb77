import { randomUUID } from 'node:crypto';
import { md5Hex, sha256Hex } from './checksums.ts';
import {
  invalidAttributeValue,
  messageNotInflight,
  purgeQueueInProgress,
  queueDoesNotExist,
  queueNameExists,
  receiptHandleIsInvalid,
  invalidParameterValue,
} from './errors.ts';
import { type SendInput, validateSend } from './message-input.ts';
import { decodeHandle, encodeHandle } from './receipt-handle.ts';
import {
  DEDUPLICATION_WINDOW_MS,
  type DeduplicationEntry,
  type JournalEntry,
  type MessageDelivery,
  type PersistedState,
  type QueueHeader,
  type QueueSettings,
  type QueueState,
  type StoredMessage,
  queueArn,
  queueNameFromArn,
} from './model.ts';
import { sameSettings } from './queue-attributes.ts';

export interface EngineOptions {
  accountId: string;
  now: () => number;
  /** Something that may make messages receivable happened on this queue (wakes long polls). */
  onChange: (queueName: string) => void;
  /** State changed and should be persisted: the change, as the journal keeps it. */
  onMutate: (entry: JournalEntry) => void;
}

export interface SendResult {
  messageId: string;
  md5OfBody: string;
  sequenceNumber?: string;
}

export interface ReceivedMessage {
  message: StoredMessage;
  receiptHandle: string;
}

export interface QueueCounts {
  visible: number;
  inFlight: number;
  delayed: number;
}

const PURGE_INTERVAL_MS = 60_000;
/** Retention and deduplication windows are swept at most this often per queue (they are hours and minutes long). */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * A queue as the engine keeps it: its messages by id in send order (a Map keeps insertion order, so FIFO
 * delivery per group follows it, and a delete or a receipt lookup is one step however deep the backlog), and
 * the messages not visible when last looked at (in flight or delayed), which are all a FIFO group's block and
 * the next wake-up depend on; its deduplication ids in the order their windows end, so a sweep drops expired ones
 * from the front and stops at the first live one (walking the whole window each second, with a 100,000-row
 * import's events in it, was 5 % of the local runtime's CPU). The persisted shape (QueueState) lists both.
 */
export interface LiveQueue extends Omit<QueueState, 'messages' | 'deduplication'> {
  messages: Map<string, StoredMessage>;
  deduplication: Map<string, DeduplicationEntry>;
  hidden: Set<StoredMessage>;
  sweptAt: number;
}

function liveQueue(state: QueueState, now: number): LiveQueue {
  const messages = new Map(state.messages.map((message) => [message.id, message]));
  const hidden = new Set(state.messages.filter((message) => message.visibleAt > now));
  const deduplication = new Map(
    Object.entries(state.deduplication).sort(([, a], [, b]) => a.expiresAt - b.expiresAt),
  );
  return { ...state, messages, deduplication, hidden, sweptAt: Number.NEGATIVE_INFINITY };
}

function stateOf(queue: LiveQueue): QueueState {
  const { messages, deduplication, hidden: _hidden, sweptAt: _sweptAt, ...rest } = queue;
  return { ...rest, messages: [...messages.values()], deduplication: Object.fromEntries(deduplication) };
}

/** Queue semantics of SQS (visibility, FIFO groups, deduplication, redrive), in memory. */
export class QueueEngine {
  private readonly queues = new Map<string, LiveQueue>();

  constructor(
    private readonly options: EngineOptions,
    initial: QueueState[] = [],
  ) {
    const now = options.now();
    for (const queue of initial) this.queues.set(queue.name, liveQueue(queue, now));
  }

  now(): number {
    return this.options.now();
  }

  names(): string[] {
    return [...this.queues.keys()].sort();
  }

  get(name: string): LiveQueue {
    const queue = this.queues.get(name);
    if (!queue) throw queueDoesNotExist();
    return queue;
  }

  arn(name: string): string {
    return queueArn(this.options.accountId, name);
  }

  /** CreateQueue: idempotent for equal settings, QueueNameExists otherwise (unless `replace`). */
  putQueue(name: string, settings: QueueSettings, replace = false): LiveQueue {
    if (settings.redrivePolicy) this.validateDeadLetterTarget(settings);
    const existing = this.queues.get(name);
    const now = this.now();
    if (existing) {
      if (sameSettings(existing.settings, settings)) return existing;
      if (!replace) throw queueNameExists(name);
      existing.settings = settings;
      existing.modifiedAt = now;
      this.options.onMutate({ t: 'queue', q: name, queue: headerOf(existing) });
      return existing;
    }
    const queue: LiveQueue = {
      name,
      createdAt: now,
      modifiedAt: now,
      settings,
      messages: new Map(),
      deduplication: new Map(),
      nextSequence: 1,
      hidden: new Set(),
      sweptAt: Number.NEGATIVE_INFINITY,
    };
    this.queues.set(name, queue);
    this.options.onMutate({ t: 'queue', q: name, queue: headerOf(queue) });
    return queue;
  }

  private validateDeadLetterTarget(settings: QueueSettings): void {
    const target = this.queues.get(queueNameFromArn(settings.redrivePolicy?.deadLetterTargetArn ?? '') ?? '');
    if (!target) {
      throw invalidAttributeValue(
        'Value for parameter RedrivePolicy is invalid. Reason: Dead letter target does not exist.',
      );
    }
    if (target.settings.fifo !== settings.fifo) {
      throw invalidAttributeValue(
        'Value for parameter RedrivePolicy is invalid. Reason: Dead-letter queue must be same type of queue as the source.',
      );
    }
  }

  send(queueName: string, input: SendInput): SendResult {
    const queue = this.get(queueName);
    const { settings } = queue;
    validateSend(input, settings);
    const now = this.now();
    const md5OfBody = md5Hex(input.body);
    let deduplicationId: string | undefined;
    if (settings.fifo) {
      deduplicationId = input.deduplicationId ?? sha256Hex(input.body);
      this.sweep(queue, now);
      const seen = queue.deduplication.get(deduplicationId);
      if (seen && seen.expiresAt > now)
        return { messageId: seen.messageId, md5OfBody, sequenceNumber: seen.sequenceNumber };
    }
    const message: StoredMessage = {
      id: randomUUID(),
      body: input.body,
      md5OfBody,
      attributes: input.attributes,
      sentAt: now,
      visibleAt: now + (input.delaySeconds ?? settings.delaySeconds) * 1000,
      receiveCount: 0,
    };
    if (input.traceHeader !== undefined) message.traceHeader = input.traceHeader;
    let dedup: [string, DeduplicationEntry] | undefined;
    if (settings.fifo && deduplicationId !== undefined && input.groupId !== undefined) {
      message.groupId = input.groupId;
      message.deduplicationId = deduplicationId;
      message.sequenceNumber = this.takeSequence(queue);
      dedup = [
        deduplicationId,
        {
          messageId: message.id,
          sequenceNumber: message.sequenceNumber,
          expiresAt: now + DEDUPLICATION_WINDOW_MS,
        },
      ];
      // To the back: its window now ends after every other id's.
      queue.deduplication.delete(deduplicationId);
      queue.deduplication.set(deduplicationId, dedup[1]);
    }
    queue.messages.set(message.id, message);
    if (message.visibleAt > now) queue.hidden.add(message);
    this.changed(queueName, {
      t: 'put',
      q: queueName,
      m: message,
      ...(dedup ? { next: queue.nextSequence, dedup } : {}),
    });
    return { messageId: message.id, md5OfBody, sequenceNumber: message.sequenceNumber };
  }

  private takeSequence(queue: LiveQueue): string {
    const sequence = String(queue.nextSequence).padStart(20, '0');
    queue.nextSequence += 1;
    return sequence;
  }

  /**
   * Drops expired deduplication ids and messages past the queue's retention: both windows are minutes to days
   * long, so a sweep a second is exact enough, and a deep backlog is not walked on every send and receive.
   */
  private sweep(queue: LiveQueue, now: number): void {
    if (now - queue.sweptAt < SWEEP_INTERVAL_MS) return;
    queue.sweptAt = now;
    for (const [id, entry] of queue.deduplication) {
      if (entry.expiresAt > now) break;
      queue.deduplication.delete(id);
    }
    const retentionMs = queue.settings.messageRetentionSeconds * 1000;
    const ids: string[] = [];
    for (const message of queue.messages.values()) {
      if (message.sentAt + retentionMs > now) continue;
      ids.push(message.id);
      this.drop(queue, message);
    }
    if (ids.length > 0) this.options.onMutate({ t: 'delete', q: queue.name, ids });
  }

  private drop(queue: LiveQueue, message: StoredMessage): void {
    queue.messages.delete(message.id);
    queue.hidden.delete(message);
  }

  /** Messages to deliver now; moves those past maxReceiveCount to the dead-letter queue instead. */
  receive(queueName: string, max: number, visibilityTimeoutSeconds?: number): ReceivedMessage[] {
    const queue = this.get(queueName);
    const now = this.now();
    this.sweep(queue, now);
    const invisibleMs = (visibilityTimeoutSeconds ?? queue.settings.visibilityTimeoutSeconds) * 1000;
    // A FIFO group with a message in flight (or still delayed) delivers nothing after it, to keep its order.
    const blockedGroups = new Set<string>();
    for (const message of queue.hidden) {
      if (message.visibleAt <= now) queue.hidden.delete(message);
      else if (message.groupId !== undefined) blockedGroups.add(message.groupId);
    }
    const received: ReceivedMessage[] = [];
    // A Map's iteration goes on past the entry a redrive deletes; nothing else changes it meanwhile.
    for (const message of queue.messages.values()) {
      if (received.length >= max) break;
      if (message.visibleAt > now) continue;
      if (message.groupId !== undefined && blockedGroups.has(message.groupId)) continue;
      if (this.redrive(queue, message, now)) continue;
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.receiptToken = randomUUID();
      message.visibleAt = now + invisibleMs;
      if (message.visibleAt > now) queue.hidden.add(message);
      received.push({ message, receiptHandle: encodeHandle(queueName, message.id, message.receiptToken) });
      this.options.onMutate({ t: 'delivery', q: queueName, id: message.id, d: deliveryOf(message) });
    }
    return received;
  }

  private redrive(queue: LiveQueue, message: StoredMessage, now: number): boolean {
    const policy = queue.settings.redrivePolicy;
    if (!policy || message.receiveCount < policy.maxReceiveCount) return false;
    const target = this.queues.get(queueNameFromArn(policy.deadLetterTargetArn) ?? '');
    if (!target) return false;
    this.drop(queue, message);
    this.options.onMutate({ t: 'delete', q: queue.name, ids: [message.id] });
    const moved: StoredMessage = { ...message, visibleAt: now, deadLetterSourceArn: this.arn(queue.name) };
    delete moved.receiptToken;
    if (target.settings.fifo) moved.sequenceNumber = this.takeSequence(target);
    target.messages.set(moved.id, moved);
    this.changed(target.name, {
      t: 'put',
      q: target.name,
      m: moved,
      ...(target.settings.fifo ? { next: target.nextSequence } : {}),
    });
    return true;
  }

  private locate(
    queueName: string,
    receiptHandle: string,
  ): { queue: LiveQueue; message?: StoredMessage; current: boolean } {
    const queue = this.get(queueName);
    const decoded = decodeHandle(receiptHandle);
    if (!decoded || decoded.queueName !== queueName) throw receiptHandleIsInvalid(receiptHandle);
    const message = queue.messages.get(decoded.messageId);
    return { queue, message, current: message?.receiptToken === decoded.token };
  }

  /**
   * As AWS documents it: only the newest receipt handle deletes; an older one (the message was received again)
   * or one of a message already gone succeeds without effect.
   */
  deleteMessage(queueName: string, receiptHandle: string): void {
    const { queue, message, current } = this.locate(queueName, receiptHandle);
    if (!message || !current) return;
    this.drop(queue, message);
    this.changed(queueName, { t: 'delete', q: queueName, ids: [message.id] });
  }

  changeVisibility(queueName: string, receiptHandle: string, seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 43_200) {
      throw invalidParameterValue(
        `Value ${seconds} for parameter VisibilityTimeout is invalid. Reason: Must be between 0 and 43200.`,
      );
    }
    const { queue, message, current } = this.locate(queueName, receiptHandle);
    if (!message || !current) {
      throw invalidParameterValue(
        `Value ${receiptHandle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`,
      );
    }
    const now = this.now();
    if (message.visibleAt <= now) throw messageNotInflight();
    message.visibleAt = now + seconds * 1000;
    if (message.visibleAt > now) queue.hidden.add(message);
    this.changed(queueName, { t: 'delivery', q: queueName, id: message.id, d: deliveryOf(message) });
  }

  purge(queueName: string): void {
    const queue = this.get(queueName);
    const now = this.now();
    if (queue.lastPurgeAt !== undefined && now - queue.lastPurgeAt < PURGE_INTERVAL_MS) {
      throw purgeQueueInProgress(queueName);
    }
    queue.lastPurgeAt = now;
    queue.messages.clear();
    queue.hidden.clear();
    this.changed(queueName, { t: 'purge', q: queueName, at: now });
  }

  counts(queueName: string): QueueCounts {
    const queue = this.get(queueName);
    const now = this.now();
    this.sweep(queue, now);
    const counts: QueueCounts = { visible: 0, inFlight: 0, delayed: 0 };
    for (const message of queue.messages.values()) {
      if (message.visibleAt <= now) counts.visible += 1;
      else if (message.receiveCount > 0) counts.inFlight += 1;
      else counts.delayed += 1;
    }
    return counts;
  }

  /** Earliest future moment a delayed or in-flight message of the queue turns visible. */
  nextVisibleAt(queueName: string): number | undefined {
    const now = this.now();
    let next: number | undefined;
    // Every message not visible now is in `hidden` (those turned visible since are pruned on receive).
    for (const message of this.queues.get(queueName)?.hidden ?? []) {
      if (message.visibleAt > now && (next === undefined || message.visibleAt < next))
        next = message.visibleAt;
    }
    return next;
  }

  snapshot(): PersistedState {
    return { version: 1, queues: [...this.queues.values()].map(stateOf) };
  }

  private changed(queueName: string, entry: JournalEntry): void {
    this.options.onMutate(entry);
    this.options.onChange(queueName);
  }
}

function headerOf(queue: LiveQueue): QueueHeader {
  const {
    messages: _messages,
    deduplication: _deduplication,
    hidden: _hidden,
    sweptAt: _sweptAt,
    ...header
  } = queue;
  return header;
}

function deliveryOf(message: StoredMessage): MessageDelivery {
  const { visibleAt, receiveCount, firstReceivedAt, receiptToken } = message;
  return {
    visibleAt,
    receiveCount,
    ...(firstReceivedAt === undefined ? {} : { firstReceivedAt }),
    ...(receiptToken === undefined ? {} : { receiptToken }),
  };
}
