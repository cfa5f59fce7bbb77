import { md5OfAttributes } from './checksums.ts';
import type { ReceivedMessage } from './engine.ts';
import { invalidParameterValue } from './errors.ts';
import { type JsonObject, optionalInteger, stringList } from './input.ts';
import type { MessageAttributes, QueueSettings, StoredMessage } from './model.ts';

export interface ReceiveRequest {
  max: number;
  waitSeconds: number;
  visibilityTimeoutSeconds?: number;
  systemAttributeNames: string[];
  messageAttributeNames: string[];
}

function inRange(input: JsonObject, key: string, min: number, max: number): number | undefined {
  const value = optionalInteger(input, key);
  if (value !== undefined && (value < min || value > max)) {
    throw invalidParameterValue(
      `Value ${value} for parameter ${key} is invalid. Reason: Must be between ${min} and ${max}, if provided.`,
    );
  }
  return value;
}

export function parseReceive(input: JsonObject, settings: QueueSettings): ReceiveRequest {
  const request: ReceiveRequest = {
    max: inRange(input, 'MaxNumberOfMessages', 1, 10) ?? 1,
    waitSeconds: inRange(input, 'WaitTimeSeconds', 0, 20) ?? settings.receiveWaitTimeSeconds,
    systemAttributeNames: [
      ...stringList(input, 'AttributeNames'),
      ...stringList(input, 'MessageSystemAttributeNames'),
    ],
    messageAttributeNames: stringList(input, 'MessageAttributeNames'),
  };
  const visibility = inRange(input, 'VisibilityTimeout', 0, 43_200);
  if (visibility !== undefined) request.visibilityTimeoutSeconds = visibility;
  return request;
}

function systemAttributes(message: StoredMessage, senderId: string): Record<string, string> {
  const attributes: Record<string, string> = {
    ApproximateReceiveCount: String(message.receiveCount),
    ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
    SentTimestamp: String(message.sentAt),
    SenderId: senderId,
  };
  if (message.traceHeader !== undefined) attributes.AWSTraceHeader = message.traceHeader;
  if (message.groupId !== undefined) attributes.MessageGroupId = message.groupId;
  if (message.deduplicationId !== undefined) attributes.MessageDeduplicationId = message.deduplicationId;
  if (message.sequenceNumber !== undefined) attributes.SequenceNumber = message.sequenceNumber;
  if (message.deadLetterSourceArn !== undefined)
    attributes.DeadLetterQueueSourceArn = message.deadLetterSourceArn;
  return attributes;
}

function pick<T>(all: Record<string, T>, names: string[], prefixes: boolean): Record<string, T> {
  if (names.includes('All') || (prefixes && names.includes('.*'))) return all;
  const picked: Record<string, T> = {};
  for (const [name, value] of Object.entries(all)) {
    const wanted = names.some((pattern) =>
      prefixes && pattern.endsWith('.*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name,
    );
    if (wanted) picked[name] = value;
  }
  return picked;
}

/** A received message in ReceiveMessage's response shape, with only the attributes asked for. */
export function renderMessage(
  received: ReceivedMessage,
  request: ReceiveRequest,
  senderId: string,
): JsonObject {
  const { message } = received;
  const rendered: JsonObject = {
    MessageId: message.id,
    ReceiptHandle: received.receiptHandle,
    MD5OfBody: message.md5OfBody,
    Body: message.body,
  };
  const attributes = pick(systemAttributes(message, senderId), request.systemAttributeNames, false);
  if (Object.keys(attributes).length > 0) rendered.Attributes = attributes;
  const userAttributes: MessageAttributes = pick(message.attributes, request.messageAttributeNames, true);
  const md5 = md5OfAttributes(userAttributes);
  if (md5) {
    rendered.MessageAttributes = userAttributes;
    rendered.MD5OfMessageAttributes = md5;
  }
  return rendered;
}
