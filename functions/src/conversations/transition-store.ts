import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConversationStatus } from '@atende/shared/contracts/conversations/views';
import { conditionFailed, isTransactionConflict, transactWrite } from '../lib/dynamo/transaction.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import type { ConversationRecord } from './records.ts';
import { inboxKeys as keys } from './keys.ts';
import { conversationEntity } from './entities.ts';
import { customerWrites } from '../contacts/customer-record.ts';

/** Attribute names of the indexes a transition moves the conversation in. */
const INBOX = conversationEntity.indexKeyNames('inbox');
const OPEN = conversationEntity.indexKeyNames('open');

const table = () => config().mainTable;

export interface Transition {
  status: ConversationStatus;
  department?: string | null;
  employee?: { _id: string; name: string } | null;
  tabulation?: ConversationRecord['tabulation'];
  redistributed?: boolean;
  redistributed_to?: string | null;
  close_reason?: string | null;
  now: string;
}

/**
 * Moves a conversation (take, transfer, close), conditioned on the status and owner it was read with, so two
 * operators taking the same call cannot both win. Closing also frees the customer's open-conversation slot and
 * records the employee's last close (intervals between services). Answers the conversation as it now is, or
 * undefined when it changed meanwhile.
 */
export async function transition(
  current: ConversationRecord,
  change: Transition,
): Promise<ConversationRecord | undefined> {
  const next: ConversationRecord = {
    ...current,
    status: change.status,
    department: change.department === undefined ? current.department : change.department,
    employee: change.employee === undefined ? current.employee : change.employee,
    tabulation: change.tabulation === undefined ? current.tabulation : change.tabulation,
    redistributed: change.redistributed ?? current.redistributed,
    redistributed_to:
      change.redistributed_to === undefined ? current.redistributed_to : change.redistributed_to,
    close_reason: change.close_reason === undefined ? current.close_reason : change.close_reason,
    updated_at: change.now,
    ...(change.status === 'closed' ? { closed_at: change.now } : {}),
    ...(change.status === 'in_service' && current.status !== 'in_service' ? { assigned_at: change.now } : {}),
    ...(change.status === 'queue' ? { queued_at: change.now } : {}),
    ...(change.status === 'queue' || change.status === 'bot' ? { employee: null } : {}),
  };
  const values: Record<string, unknown> = {
    ':status': next.status,
    ':department': next.department,
    ':employee': next.employee,
    ':tabulation': next.tabulation,
    ':redistributed': next.redistributed,
    ':redistributed_to': next.redistributed_to,
    ':close_reason': next.close_reason,
    ':updated': next.updated_at,
    ':closed_at': next.closed_at,
    ':assigned_at': next.assigned_at,
    ':queued_at': next.queued_at,
    ':inbox': conversationEntity.partition('inbox', next.company, next.status, next.employee?._id),
    ':was': current.status,
  };
  const names: Record<string, string> = { '#status': 'status', '#inbox': INBOX.pk };
  let condition = '#status = :was';
  if (current.employee) {
    names['#id'] = '_id';
    values[':employee_before'] = current.employee._id;
    condition += ' AND employee.#id = :employee_before';
  } else {
    values[':null'] = null;
    condition += ' AND (attribute_not_exists(employee) OR employee = :null)';
  }
  const closing = next.status === 'closed';
  const update = {
    Update: {
      TableName: table(),
      Key: conversationEntity.key(current.company, current._id),
      UpdateExpression:
        'SET #status = :status, department = :department, employee = :employee, tabulation = :tabulation, ' +
        'redistributed = :redistributed, redistributed_to = :redistributed_to, close_reason = :close_reason, ' +
        'updated_at = :updated, closed_at = :closed_at, assigned_at = :assigned_at, queued_at = :queued_at, ' +
        `#inbox = :inbox${closing ? ' REMOVE #open_pk, #open_sk' : ''}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: closing ? { ...names, '#open_pk': OPEN.pk, '#open_sk': OPEN.sk } : names,
      ExpressionAttributeValues: values,
    },
  };
  const extra = closing
    ? [
        customerWrites.closeConversation(current.company, current.customer._id),
        ...(current.employee
          ? [
              {
                Put: {
                  TableName: table(),
                  Item: {
                    ...keys.chatState(current.company, current.employee._id),
                    entity: 'chat_state',
                    last_closed_at: change.now,
                  },
                },
              },
            ]
          : []),
      ]
    : [];
  try {
    await transactWrite({ conversation: update, extra });
    return next;
  } catch (error) {
    if (conditionFailed(error, 'conversation') || isTransactionConflict(error)) return undefined;
    throw error;
  }
}

/** Clears the unread count the assignee has now seen. */
export async function markRead(record: ConversationRecord): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: conversationEntity.key(record.company, record._id),
      UpdateExpression: 'SET unread = :zero',
      ExpressionAttributeValues: { ':zero': 0 },
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

export async function getChatState(
  companyId: string,
  employeeId: string,
): Promise<{ last_closed_at?: string }> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: keys.chatState(companyId, employeeId), ConsistentRead: true }),
  );
  return { ...(typeof Item?.last_closed_at === 'string' ? { last_closed_at: Item.last_closed_at } : {}) };
}
