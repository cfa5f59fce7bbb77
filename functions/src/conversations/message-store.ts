import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryStatus } from '@atende/shared/channels/inbound';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { getItem } from '../lib/dynamo/get-item.ts';
import type { MessageRecord } from './records.ts';
import { inboxKeys as keys } from './keys.ts';
import { messageEntity, messagePointerEntity } from './entities.ts';

const table = () => config().mainTable;

/**
 * Statuses never move backwards (read > delivered > sent > pending); failed only from pending or sent; a
 * resend puts a failed message back to pending.
 */
export const STATUS_FROM: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  pending: ['failed'],
  sent: ['pending'],
  delivered: ['pending', 'sent'],
  read: ['pending', 'sent', 'delivered'],
  failed: ['pending', 'sent'],
};

export async function getMessage(
  companyId: string,
  conversationId: string,
  sequence: number,
): Promise<MessageRecord | undefined> {
  return messageEntity.get(messageEntity.key(companyId, conversationId, sequence));
}

export interface MessageRef {
  conversation: string;
  sequence: number;
}

const refOf = (item: Record<string, unknown> | undefined): MessageRef | undefined =>
  item && typeof item.conversation === 'string' && typeof item.sequence === 'number'
    ? { conversation: item.conversation, sequence: item.sequence }
    : undefined;

export async function findMessage(companyId: string, messageId: string): Promise<MessageRef | undefined> {
  return refOf(await messagePointerEntity.read(messagePointerEntity.key(companyId, messageId)));
}

export async function findByProviderId(
  companyId: string,
  integrationId: string,
  providerMessageId: string,
): Promise<MessageRef | undefined> {
  return refOf(await getItem(keys.provider(companyId, integrationId, providerMessageId)));
}

/** Links a sent message to the provider's id, so the provider's later statuses find it. */
export async function linkProviderId(
  companyId: string,
  integrationId: string,
  providerMessageId: string,
  message: { _id: string; conversation: string; sequence: number },
): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.provider(companyId, integrationId, providerMessageId),
        entity: 'provider_message',
        conversation: message.conversation,
        message: message._id,
        sequence: message.sequence,
      },
    }),
  );
}

/**
 * Moves a message's delivery status forward, conditioned on the status it may come from. Answers the message
 * as it now is, or undefined when the move is not allowed (a late or repeated status).
 */
export async function moveStatus(
  companyId: string,
  ref: MessageRef,
  to: DeliveryStatus,
  extra: { providerMessageId?: string; error?: { code: string; message: string } | null } = {},
): Promise<MessageRecord | undefined> {
  const from = STATUS_FROM[to];
  const values: Record<string, unknown> = { ':to': to };
  from.forEach((status, index) => {
    values[`:from${index}`] = status;
  });
  const sets = ['#status = :to'];
  if (extra.providerMessageId) {
    sets.push('provider_message_id = :provider');
    values[':provider'] = extra.providerMessageId;
  }
  if (extra.error) {
    sets.push('#error = :error');
    values[':error'] = extra.error;
  }
  const removeError = extra.error === null ? ' REMOVE #error' : '';
  try {
    const updated = await messageEntity.update(
      messageEntity.key(companyId, ref.conversation, ref.sequence),
      {
        UpdateExpression: `SET ${sets.join(', ')}${removeError}`,
        ConditionExpression: `#status IN (${from.map((_, index) => `:from${index}`).join(', ')})`,
        ExpressionAttributeNames: {
          '#status': 'status',
          ...(extra.error !== undefined ? { '#error': 'error' } : {}),
        },
        ExpressionAttributeValues: values,
      },
      true,
    );
    return updated ? messageEntity.parse(updated) : undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}
