import type { ConversationStatus } from '@atende/shared/contracts/conversations/views';
import * as z from 'zod';
import { defineEntity } from '../lib/dynamo/entity.ts';
import { type ConversationRecord, conversationRecord, messageRecord } from './records.ts';

/**
 * The inbox's conversations and messages, declared once:
 *
 * - conversation:     pk C#<cid>#CONV#<id>              sk CONV
 *     index "inbox" (gsi1) C#<cid>#INBOX#EMP#<employeeId> (in service), C#<cid>#INBOX#QUEUE, C#<cid>#INBOX#BOT,
 *       C#<cid>#INBOX#CLOSED / <last_activity_at>#<id>: the mine, queue, chatbot and closed lists, each one Query
 *     index "all"   (gsi2) C#<cid>#CONVERSATIONS / <last_activity_at>#<id>: every conversation of the company
 *     index "open"  (gsi3) OPEN_CONVERSATIONS#<bucket 0..7> / <last_activity_at>#<cid>#<id>: what the auto-close
 *       schedule sweeps across companies. Like the accounts' EMAIL#/REFRESH# keys, a global key holding only ids
 *       and timestamps; the attributes are removed when the conversation closes.
 * - message:          pk C#<cid>#CONV#<conversationId>  sk MSG#<sequence, 10 digits>
 *     index "conversation" (table): a conversation's partition, its messages in order
 * - message pointer:  pk C#<cid>#MESSAGE#<id>           sk MESSAGE   (message id → conversation, sequence)
 */
const conversationPartition = (companyId: string, conversationId: string) =>
  `C#${companyId}#CONV#${conversationId}`;

export const OPEN_BUCKETS = 8;

/** The inbox list a conversation is in for its status and owner. */
function inboxPartition(
  companyId: string,
  status: ConversationStatus,
  employeeId?: string | undefined,
): string {
  if (status === 'in_service' && employeeId) return `C#${companyId}#INBOX#EMP#${employeeId}`;
  if (status === 'queue') return `C#${companyId}#INBOX#QUEUE`;
  if (status === 'bot') return `C#${companyId}#INBOX#BOT`;
  return `C#${companyId}#INBOX#CLOSED`;
}

export const activitySortKey = (lastActivityAt: string, conversationId: string) =>
  `${lastActivityAt}#${conversationId}`;

/** A conversation's fixed bucket of the open index, from the last hex digits of its id. */
const openBucketOf = (conversationId: string) => Number.parseInt(conversationId.slice(-2), 16) % OPEN_BUCKETS;

export const openSortKey = (lastActivityAt: string, companyId: string, conversationId: string) =>
  `${lastActivityAt}#${companyId}#${conversationId}`;

const openPartition = (bucket: number) => `OPEN_CONVERSATIONS#${bucket}`;

export const conversationEntity = defineEntity({
  name: 'conversation',
  schema: conversationRecord,
  key: (companyId: string, conversationId: string) => ({
    pk: conversationPartition(companyId, conversationId),
    sk: 'CONV',
  }),
  keyOf: (record: ConversationRecord) => [record.company, record._id] as [string, string],
  indexes: {
    inbox: {
      index: 'gsi1',
      partition: inboxPartition,
      of: (record: ConversationRecord) => ({
        pk: inboxPartition(record.company, record.status, record.employee?._id),
        sk: activitySortKey(record.last_activity_at, record._id),
      }),
    },
    all: {
      index: 'gsi2',
      partition: (companyId: string) => `C#${companyId}#CONVERSATIONS`,
      of: (record: ConversationRecord) => ({
        pk: `C#${record.company}#CONVERSATIONS`,
        sk: activitySortKey(record.last_activity_at, record._id),
      }),
    },
    open: {
      index: 'gsi3',
      partition: openPartition,
      of: (record: ConversationRecord) =>
        record.status === 'closed'
          ? undefined
          : {
              pk: openPartition(openBucketOf(record._id)),
              sk: openSortKey(record.last_activity_at, record.company, record._id),
            },
    },
  },
});

/** The sort-key prefix of the messages in their conversation's partition. */
export const MESSAGE_PREFIX = 'MSG#';

export const messageEntity = defineEntity({
  name: 'message',
  schema: messageRecord,
  key: (companyId: string, conversationId: string, sequence: number) => ({
    pk: conversationPartition(companyId, conversationId),
    sk: `${MESSAGE_PREFIX}${String(sequence).padStart(10, '0')}`,
  }),
  indexes: { conversation: { index: 'table', partition: conversationPartition } },
});

export const messagePointerEntity = defineEntity({
  name: 'message_pointer',
  schema: z.object({ conversation: z.string(), sequence: z.number() }).loose(),
  key: (companyId: string, messageId: string) => ({
    pk: `C#${companyId}#MESSAGE#${messageId}`,
    sk: 'MESSAGE',
  }),
});
