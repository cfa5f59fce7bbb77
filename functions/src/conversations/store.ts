import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import {
  anyConditionFailed,
  conditionFailed,
  isTransactionConflict,
  transactWrite,
} from '../lib/dynamo/transaction.ts';
import { type ConversationRecord, type MessageRecord, messageRecord } from './records.ts';
import { customerWalletCondition } from './wallet-sync.ts';
import { inboxKeys as keys } from './keys.ts';
import {
  activitySortKey,
  conversationEntity,
  messageEntity,
  messagePointerEntity,
  openSortKey,
} from './entities.ts';
import { customerWrites } from '../contacts/customer-record.ts';
import { customerConversationEntity } from '../contacts/entities.ts';

/** Sort attributes of the conversation's indexes, which follow its last activity. */
const INDEX_SORT = {
  inbox: conversationEntity.indexKeyNames('inbox').sk,
  all: conversationEntity.indexKeyNames('all').sk,
  open: conversationEntity.indexKeyNames('open').sk,
};

const table = () => config().mainTable;

export async function getConversation(
  companyId: string,
  id: string,
): Promise<ConversationRecord | undefined> {
  return conversationEntity.get(conversationEntity.key(companyId, id));
}

/**
 * Stores a new conversation with its customer-history link. An open one also becomes the customer's open
 * conversation, conditioned on them having none: of two racing creations one wins, and false tells the
 * other to use the winner's. Either is conditioned on the customer still being in the wallet copied on the
 * record: false after a wallet change tells the caller to re-read the customer.
 */
export async function createConversation(record: ConversationRecord): Promise<boolean> {
  const open = record.status !== 'closed';
  const inWallet = customerWalletCondition(record.wallet);
  try {
    await transactWrite({
      customer: open
        ? customerWrites.openConversation(record.company, record.customer._id, record._id, inWallet)
        : customerWrites.inWallet(record.company, record.customer._id, inWallet),
      conversation: conversationEntity.transact.put(record, {
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
      history: customerConversationEntity.transact.put(
        { conversation: record._id },
        {},
        customerConversationEntity.key(record.company, record.customer._id, record.created_at, record._id),
      ),
    });
    return true;
  } catch (error) {
    if (conditionFailed(error, 'customer')) return false;
    throw error;
  }
}

export interface AppendOptions {
  /** Exactly-once claim: an inbound message's provider id (with its integration). */
  providerMessageId?: string | undefined;
  /** Exactly-once claim of an operator's send: the client's id for it, with the sending employee. */
  clientSend?: { employeeId: string; clientId: string } | undefined;
  /** Only while the conversation is in service with this employee (operator sends). */
  requireAssignee?: string | undefined;
  /** Inbound customer messages count as unread for the assignee. */
  unread?: boolean;
  /** An operator answering clears the pending redistribution. */
  answered?: boolean;
}

export type AppendResult =
  | { kind: 'stored'; message: MessageRecord; conversation: ConversationRecord }
  | { kind: 'duplicate' }
  /** The client's send was stored already: this is the message it stored. */
  | { kind: 'repeat'; messageId: string; conversationId: string; sequence: number }
  | { kind: 'not-assignee' };

const APPEND_ATTEMPTS = 8;

/**
 * Appends a message at the conversation's next sequence: the conversation's counter, last message and activity,
 * the message, its id pointer and (inbound) the provider-id claim commit together, conditioned on the counter
 * read. A concurrent append makes it re-read and retry; a claimed provider id means the message is already in.
 */
export async function appendMessage(
  initial: ConversationRecord,
  build: (sequence: number) => Omit<MessageRecord, 'sequence'>,
  options: AppendOptions = {},
): Promise<AppendResult> {
  let conversation = initial;
  for (let attempt = 1; attempt <= APPEND_ATTEMPTS; attempt += 1) {
    const sequence = conversation.message_seq + 1;
    const message = messageRecord.parse({ ...build(sequence), sequence });
    const activity =
      message.created_at > conversation.last_activity_at ? message.created_at : conversation.last_activity_at;
    const lastMessage = {
      type: message.type,
      content: message.content,
      sent_by: message.sent_by,
      created_at: message.created_at,
    };
    const next: ConversationRecord = {
      ...conversation,
      message_seq: sequence,
      last_message: lastMessage,
      last_activity_at: activity,
      updated_at: message.created_at,
      unread: options.unread ? conversation.unread + 1 : conversation.unread,
      ...(options.answered ? { redistributed: false, redistributed_to: null } : {}),
    };
    const names: Record<string, string> = {
      '#seq': 'message_seq',
      '#inbox_sk': INDEX_SORT.inbox,
      '#all_sk': INDEX_SORT.all,
    };
    const values: Record<string, unknown> = {
      ':expected': conversation.message_seq,
      ':seq': sequence,
      ':last': lastMessage,
      ':activity': activity,
      ':updated': message.created_at,
      ':activity_sk': activitySortKey(activity, conversation._id),
      ':zero': 0,
      ':unread': options.unread ? 1 : 0,
    };
    const sets = [
      '#seq = :seq',
      'last_message = :last',
      'last_activity_at = :activity',
      'updated_at = :updated',
      '#inbox_sk = :activity_sk',
      '#all_sk = :activity_sk',
      'unread = if_not_exists(unread, :zero) + :unread',
    ];
    if (conversation.status !== 'closed') {
      sets.push('#open_sk = :open_sk');
      names['#open_sk'] = INDEX_SORT.open;
      values[':open_sk'] = openSortKey(activity, conversation.company, conversation._id);
    }
    if (options.answered) {
      sets.push('redistributed = :false', 'redistributed_to = :null');
      values[':false'] = false;
      values[':null'] = null;
    }
    let condition = '#seq = :expected';
    if (options.requireAssignee) {
      names['#status'] = 'status';
      values[':in_service'] = 'in_service';
      values[':me'] = options.requireAssignee;
      condition += ' AND #status = :in_service AND employee.#id = :me';
      names['#id'] = '_id';
    }
    const provider = options.providerMessageId
      ? keys.provider(conversation.company, message.integration, options.providerMessageId)
      : undefined;
    const clientSend = options.clientSend
      ? keys.clientSend(conversation.company, options.clientSend.employeeId, options.clientSend.clientId)
      : undefined;
    try {
      await transactWrite({
        conversation: {
          Update: {
            TableName: table(),
            Key: conversationEntity.key(conversation.company, conversation._id),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: condition,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        message: messageEntity.transact.put(
          message,
          { ConditionExpression: 'attribute_not_exists(pk)' },
          messageEntity.key(conversation.company, conversation._id, sequence),
        ),
        pointer: messagePointerEntity.transact.put(
          { conversation: conversation._id, sequence },
          {},
          messagePointerEntity.key(conversation.company, message._id),
        ),
        clientSend: clientSend && {
          Put: {
            TableName: table(),
            Item: {
              ...clientSend,
              entity: 'client_send',
              conversation: conversation._id,
              message: message._id,
              sequence,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        providerMessage: provider && {
          Put: {
            TableName: table(),
            Item: {
              ...provider,
              entity: 'provider_message',
              conversation: conversation._id,
              message: message._id,
              sequence,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      });
      return { kind: 'stored', message, conversation: next };
    } catch (error) {
      if (conditionFailed(error, 'providerMessage')) return { kind: 'duplicate' };
      if (clientSend && conditionFailed(error, 'clientSend')) {
        const claim = await readClientSend(clientSend);
        if (claim) return { kind: 'repeat', ...claim };
      }
      if (!anyConditionFailed(error) && !isTransactionConflict(error)) throw error;
      const fresh = await getConversation(conversation.company, conversation._id);
      if (!fresh) throw error;
      if (
        options.requireAssignee &&
        (fresh.status !== 'in_service' || fresh.employee?._id !== options.requireAssignee)
      ) {
        return { kind: 'not-assignee' };
      }
      conversation = fresh;
    }
  }
  throw new Error(`conversation ${initial._id} kept changing while appending a message`);
}

async function readClientSend(key: { pk: string; sk: string }) {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }),
  );
  if (
    typeof Item?.message !== 'string' ||
    typeof Item.conversation !== 'string' ||
    typeof Item.sequence !== 'number'
  )
    return undefined;
  return { messageId: Item.message, conversationId: Item.conversation, sequence: Item.sequence };
}

/** The next protocol of the day: YYYYMMDD followed by the company's sequence of that day, 6 digits. */
export async function nextProtocol(companyId: string, day: string): Promise<string> {
  const { Attributes } = await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.protocolCounter(companyId, day),
      UpdateExpression: 'ADD #seq :one SET entity = :entity',
      ExpressionAttributeNames: { '#seq': 'seq' },
      ExpressionAttributeValues: { ':one': 1, ':entity': 'protocol_counter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return `${day}${String(Attributes?.seq ?? 1).padStart(6, '0')}`;
}
