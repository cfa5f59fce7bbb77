import type { ConversationStatus } from '@atende/shared/contracts/conversations/views';

/**
 * Keys of the inbox items in the main table.
 *
 * - customer:          pk C#<cid>#CUSTOMER#<id>              sk PROFILE
 * - customer history:  pk C#<cid>#CUSTOMER#<id>              sk CONV#<created_at>#<conversationId>
 *                      (the list's customer filter: one Query, newest first, then the conversations by key)
 * - channel identity:  pk C#<cid>#IDENTITY#<identity>        sk IDENTITY   (find-or-create claim → customer id)
 * - conversation:      pk C#<cid>#CONV#<id>                  sk CONV
 * - message:           pk C#<cid>#CONV#<conversationId>      sk MSG#<sequence, 10 digits>
 * - message pointer:   pk C#<cid>#MESSAGE#<id>               sk MESSAGE    (message id → conversation, sequence)
 * - provider pointer:  pk C#<cid>#PROVIDER#<integration>#<providerMessageId>  sk PROVIDER
 *                      (the exactly-once claim of an inbound message; the status lookup of an outbound one)
 * - protocol counter:  pk C#<cid>#COUNTER#PROTOCOL           sk <YYYYMMDD>
 * - chat state:        pk C#<cid>#CHAT_STATE#<employeeId>     sk STATE      (last close, for intervals)
 *
 * Conversation indexes (sort keys `<last_activity_at>#<id>`, newest first with ScanIndexForward false):
 * - gsi1 "inbox": C#<cid>#INBOX#EMP#<employeeId> (in service), C#<cid>#INBOX#QUEUE, C#<cid>#INBOX#BOT,
 *   C#<cid>#INBOX#CLOSED: the mine, queue, chatbot and closed lists, each one Query.
 * - gsi2 "all": C#<cid>#CONVERSATIONS: every conversation of the company.
 * - gsi3 "open": OPEN_CONVERSATIONS#<bucket 0..7>, sort `<last_activity_at>#<cid>#<id>`: what the auto-close
 *   schedule sweeps across companies. Like the accounts' EMAIL#/REFRESH# keys, it is a global key holding only
 *   ids and timestamps; the attribute is removed when the conversation closes.
 */
const base = (companyId: string) => `C#${companyId}#`;

export const OPEN_BUCKETS = 8;

export const inboxKeys = {
  customer: (companyId: string, customerId: string) => ({
    pk: `${base(companyId)}CUSTOMER#${customerId}`,
    sk: 'PROFILE',
  }),
  customerHistory: (companyId: string, customerId: string, createdAt: string, conversationId: string) => ({
    pk: `${base(companyId)}CUSTOMER#${customerId}`,
    sk: `CONV#${createdAt}#${conversationId}`,
  }),
  identity: (companyId: string, identity: string) => ({
    pk: `${base(companyId)}IDENTITY#${identity}`,
    sk: 'IDENTITY',
  }),
  conversation: (companyId: string, conversationId: string) => ({
    pk: `${base(companyId)}CONV#${conversationId}`,
    sk: 'CONV',
  }),
  messagePk: (companyId: string, conversationId: string) => `${base(companyId)}CONV#${conversationId}`,
  messageSk: (sequence: number) => `MSG#${String(sequence).padStart(10, '0')}`,
  messagePointer: (companyId: string, messageId: string) => ({
    pk: `${base(companyId)}MESSAGE#${messageId}`,
    sk: 'MESSAGE',
  }),
  provider: (companyId: string, integrationId: string, providerMessageId: string) => ({
    pk: `${base(companyId)}PROVIDER#${integrationId}#${providerMessageId}`,
    sk: 'PROVIDER',
  }),
  /** An operator's send claimed by the client's id for it (idempotent retries). */
  clientSend: (companyId: string, employeeId: string, clientId: string) => ({
    pk: `${base(companyId)}SEND#${employeeId}#${clientId}`,
    sk: 'SEND',
  }),
  protocolCounter: (companyId: string, day: string) => ({
    pk: `${base(companyId)}COUNTER#PROTOCOL`,
    sk: day,
  }),
  chatState: (companyId: string, employeeId: string) => ({
    pk: `${base(companyId)}CHAT_STATE#${employeeId}`,
    sk: 'STATE',
  }),
  inboxEmployee: (companyId: string, employeeId: string) => `${base(companyId)}INBOX#EMP#${employeeId}`,
  inboxQueue: (companyId: string) => `${base(companyId)}INBOX#QUEUE`,
  inboxBot: (companyId: string) => `${base(companyId)}INBOX#BOT`,
  inboxClosed: (companyId: string) => `${base(companyId)}INBOX#CLOSED`,
  allConversations: (companyId: string) => `${base(companyId)}CONVERSATIONS`,
  openBucket: (bucket: number) => `OPEN_CONVERSATIONS#${bucket}`,
};

/** The gsi1 partition a conversation belongs to for its status and owner. */
export function inboxPartition(
  companyId: string,
  status: ConversationStatus,
  employeeId: string | undefined,
): string {
  if (status === 'in_service' && employeeId) return inboxKeys.inboxEmployee(companyId, employeeId);
  if (status === 'queue') return inboxKeys.inboxQueue(companyId);
  if (status === 'bot') return inboxKeys.inboxBot(companyId);
  return inboxKeys.inboxClosed(companyId);
}

export const activitySortKey = (lastActivityAt: string, conversationId: string) =>
  `${lastActivityAt}#${conversationId}`;

/** A conversation's fixed bucket of the open index, from the last hex digits of its id. */
export const openBucketOf = (conversationId: string) =>
  Number.parseInt(conversationId.slice(-2), 16) % OPEN_BUCKETS;

export const openSortKey = (lastActivityAt: string, companyId: string, conversationId: string) =>
  `${lastActivityAt}#${companyId}#${conversationId}`;
