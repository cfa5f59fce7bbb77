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

/** Queue semantics of SQS (visibility, FIFO groups, deduplication, redrive), in memory. */
export class QueueEngine {
  private readonly queues = new Map<string, QueueState>();

  constructor(
    private readonly options: EngineOptions,
    initial: QueueState[] = [],
  ) {
    for (const queue of initial) this.queues.set(queue.name, queue);
  }

  now(): number {
    return this.options.now();
  }

  names(): string[] {
    return [...this.queues.keys()].sort();
  }

  get(name: string): QueueState {
    const queue = this.queues.get(name);
    if (!queue) throw queueDoesNotExist();
    return queue;
  }

  arn(name: string): string {
    return queueArn(this.options.accountId, name);
  }

  /** CreateQueue: idempotent for equal settings, QueueNameExists otherwise (unless `replace`). */
  putQueue(name: string, settings: QueueSettings, replace = false): QueueState {
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
    const queue: QueueState = {
      name,
      createdAt: now,
      modifiedAt: now,
      settings,
      messages: [],
      deduplication: {},
      nextSequence: 1,
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
      this.pruneDeduplication(queue, now);
      const seen = queue.deduplication[deduplicationId];
      if (seen) return { messageId: seen.messageId, md5OfBody, sequenceNumber: seen.sequenceNumber };
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
      queue.deduplication[deduplicationId] = dedup[1];
    }
    queue.messages.push(message);
    this.changed(queueName, {
      t: 'put',
      q: queueName,
      m: message,
      ...(dedup ? { next: queue.nextSequence, dedup } : {}),
    });
    return { messageId: message.id, md5OfBody, sequenceNumber: message.sequenceNumber };
  }

  private takeSequence(queue: QueueState): string {
    const sequence = String(queue.nextSequence).padStart(20, '0');
    queue.nextSequence += 1;
    return sequence;
  }

  private pruneDeduplication(queue: QueueState, now: number): void {
    for (const [id, entry] of Object.entries(queue.deduplication)) {
      if (entry.expiresAt <= now) delete queue.deduplication[id];
    }
  }

  private expire(queue: QueueState, now: number): void {
    const retentionMs = queue.settings.messageRetentionSeconds * 1000;
    const kept = queue.messages.filter((message) => message.sentAt + retentionMs > now);
    if (kept.length !== queue.messages.length) {
      const keptSet = new Set(kept);
      const ids = queue.messages.filter((message) => !keptSet.has(message)).map((message) => message.id);
      queue.messages = kept;
      this.options.onMutate({ t: 'delete', q: queue.name, ids });
    }
  }

  /** Messages to deliver now; moves those past maxReceiveCount to the dead-letter queue instead. */
  receive(queueName: string, max: number, visibilityTimeoutSeconds?: number): ReceivedMessage[] {
    const queue = this.get(queueName);
    const now = this.now();
    this.expire(queue, now);
    const invisibleMs = (visibilityTimeoutSeconds ?? queue.settings.visibilityTimeoutSeconds) * 1000;
    // A FIFO group with a message in flight (or still delayed) delivers nothing after it, to keep its order.
    const blockedGroups = new Set<string>();
    if (queue.settings.fifo) {
      for (const message of queue.messages) {
        if (message.groupId !== undefined && message.visibleAt > now) blockedGroups.add(message.groupId);
      }
    }
    const received: ReceivedMessage[] = [];
    for (const message of [...queue.messages]) {
      if (received.length >= max) break;
      if (message.visibleAt > now) continue;
      if (message.groupId !== undefined && blockedGroups.has(message.groupId)) continue;
      if (this.redrive(queue, message, now)) continue;
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.receiptToken = randomUUID();
      message.visibleAt = now + invisibleMs;
      received.push({ message, receiptHandle: encodeHandle(queueName, message.id, message.receiptToken) });
      this.options.onMutate({ t: 'delivery', q: queueName, id: message.id, d: deliveryOf(message) });
    }
    return received;
  }

  private redrive(queue: QueueState, message: StoredMessage, now: number): boolean {
    const policy = queue.settings.redrivePolicy;
    if (!policy || message.receiveCount < policy.maxReceiveCount) return false;
    const target = this.queues.get(queueNameFromArn(policy.deadLetterTargetArn) ?? '');
    if (!target) return false;
    queue.messages = queue.messages.filter((candidate) => candidate !== message);
    this.options.onMutate({ t: 'delete', q: queue.name, ids: [message.id] });
    const moved: StoredMessage = { ...message, visibleAt: now, deadLetterSourceArn: this.arn(queue.name) };
    delete moved.receiptToken;
    if (target.settings.fifo) moved.sequenceNumber = this.takeSequence(target);
    target.messages.push(moved);
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
  ): { queue: QueueState; message?: StoredMessage; current: boolean } {
    const queue = this.get(queueName);
    const decoded = decodeHandle(receiptHandle);
    if (!decoded || decoded.queueName !== queueName) throw receiptHandleIsInvalid(receiptHandle);
    const message = queue.messages.find((candidate) => candidate.id === decoded.messageId);
    return { queue, message, current: message?.receiptToken === decoded.token };
  }

  /**
   * As AWS documents it: only the newest receipt handle deletes; an older one (the message was received again)
   * or one of a message already gone succeeds without effect.
   */
  deleteMessage(queueName: string, receiptHandle: string): void {
    const { queue, message, current } = this.locate(queueName, receiptHandle);
    if (!message || !current) return;
    queue.messages = queue.messages.filter((candidate) => candidate !== message);
    this.changed(queueName, { t: 'delete', q: queueName, ids: [message.id] });
  }

  changeVisibility(queueName: string, receiptHandle: string, seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 43_200) {
      throw invalidParameterValue(
        `Value ${seconds} for parameter VisibilityTimeout is invalid. Reason: Must be between 0 and 43200.`,
      );
    }
    const { message, current } = this.locate(queueName, receiptHandle);
    if (!message || !current) {
      throw invalidParameterValue(
        `Value ${receiptHandle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`,
      );
    }
    const now = this.now();
    if (message.visibleAt <= now) throw messageNotInflight();
    message.visibleAt = now + seconds * 1000;
    this.changed(queueName, { t: 'delivery', q: queueName, id: message.id, d: deliveryOf(message) });
  }

  purge(queueName: string): void {
    const queue = this.get(queueName);
    const now = this.now();
    if (queue.lastPurgeAt !== undefined && now - queue.lastPurgeAt < PURGE_INTERVAL_MS) {
      throw purgeQueueInProgress(queueName);
    }
    queue.lastPurgeAt = now;
    queue.messages = [];
    this.changed(queueName, { t: 'purge', q: queueName, at: now });
  }

  counts(queueName: string): QueueCounts {
    const queue = this.get(queueName);
    const now = this.now();
    this.expire(queue, now);
    const counts: QueueCounts = { visible: 0, inFlight: 0, delayed: 0 };
    for (const message of queue.messages) {
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
    for (const message of this.queues.get(queueName)?.messages ?? []) {
      if (message.visibleAt > now && (next === undefined || message.visibleAt < next))
        next = message.visibleAt;
    }
    return next;
  }

  snapshot(): PersistedState {
    return { version: 1, queues: [...this.queues.values()] };
  }

  private changed(queueName: string, entry: JournalEntry): void {
    this.options.onMutate(entry);
    this.options.onChange(queueName);
  }
}

function headerOf(queue: QueueState): QueueHeader {
  const { messages: _messages, deduplication: _deduplication, ...header } = queue;
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
