/** A message attribute as the JSON protocol carries it (BinaryValue in base64). */
export interface MessageAttributeValue {
  DataType: string;
  StringValue?: string;
  BinaryValue?: string;
}

export type MessageAttributes = Record<string, MessageAttributeValue>;

export interface RedrivePolicy {
  deadLetterTargetArn: string;
  maxReceiveCount: number;
}

export interface QueueSettings {
  fifo: boolean;
  contentBasedDeduplication: boolean;
  visibilityTimeoutSeconds: number;
  delaySeconds: number;
  messageRetentionSeconds: number;
  receiveWaitTimeSeconds: number;
  maximumMessageSize: number;
  redrivePolicy?: RedrivePolicy;
}

export interface StoredMessage {
  id: string;
  body: string;
  md5OfBody: string;
  attributes: MessageAttributes;
  traceHeader?: string;
  sentAt: number;
  /** Until then the message is delayed (never received) or in flight (received at least once). */
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** Token of the latest receive: only the newest receipt handle may delete the message. */
  receiptToken?: string;
  groupId?: string;
  deduplicationId?: string;
  sequenceNumber?: string;
  deadLetterSourceArn?: string;
}

export interface DeduplicationEntry {
  messageId: string;
  sequenceNumber?: string;
  expiresAt: number;
}

export interface QueueState {
  name: string;
  createdAt: number;
  modifiedAt: number;
  settings: QueueSettings;
  /** In send order: FIFO delivery per group follows this order. */
  messages: StoredMessage[];
  deduplication: Record<string, DeduplicationEntry>;
  nextSequence: number;
  lastPurgeAt?: number;
}

export interface PersistedState {
  version: 1;
  queues: QueueState[];
  /** The journal that continues this snapshot (`sqs-journal-<generation>.ndjson`); 0 when absent (older files). */
  generation?: number;
}

/** A queue's own fields, without its messages and deduplication ids. */
export type QueueHeader = Omit<QueueState, 'messages' | 'deduplication'>;

/** What a receive or a visibility change alters on a message. */
export type MessageDelivery = Pick<
  StoredMessage,
  'visibleAt' | 'receiveCount' | 'firstReceivedAt' | 'receiptToken'
>;

/**
 * One change to the queues, as the journal keeps it (a line each): replayed in order over the snapshot, the
 * entries rebuild the state the engine had. A message put anew goes to the end of its queue (send order).
 */
export type JournalEntry =
  | { t: 'queue'; q: string; queue: QueueHeader }
  | { t: 'put'; q: string; m: StoredMessage; next?: number; dedup?: [string, DeduplicationEntry] }
  | { t: 'delivery'; q: string; id: string; d: MessageDelivery }
  | { t: 'delete'; q: string; ids: string[] }
  | { t: 'purge'; q: string; at: number };

export const DEDUPLICATION_WINDOW_MS = 5 * 60 * 1000;
export const MAX_MESSAGE_BYTES = 262_144;
export const REGION = 'us-east-1';
export const DEFAULT_ACCOUNT_ID = '000000000000';

export const queueArn = (accountId: string, name: string): string =>
  `arn:aws:sqs:${REGION}:${accountId}:${name}`;

/** Queue name from an ARN (`arn:aws:sqs:region:account:name`), or undefined when it is not an SQS ARN. */
export function queueNameFromArn(arn: string): string | undefined {
  const parts = arn.split(':');
  if (parts.length !== 6 || parts[0] !== 'arn' || parts[2] !== 'sqs' || !parts[5]) return undefined;
  return parts[5];
}
