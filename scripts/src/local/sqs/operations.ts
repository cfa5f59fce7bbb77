import { md5OfAttributes } from './checksums.ts';
import type { QueueEngine } from './engine.ts';
import { SqsError, batchErrors, invalidAttributeName, invalidParameterValue } from './errors.ts';
import {
  type JsonObject,
  batchEntries,
  messageAttributes,
  optionalInteger,
  optionalString,
  requiredString,
  stringList,
  stringMap,
} from './input.ts';
import type { SendInput } from './message-input.ts';
import { MAX_MESSAGE_BYTES } from './model.ts';
import {
  QUEUE_ATTRIBUTE_NAMES,
  applyAttributes,
  defaultSettings,
  settingsAttributes,
  validateQueueName,
} from './queue-attributes.ts';

export interface OperationContext {
  engine: QueueEngine;
  baseUrl: string;
  accountId: string;
}

export const queueUrlOf = (context: OperationContext, name: string): string =>
  `${context.baseUrl}/${context.accountId}/${name}`;

/** The queue a QueueUrl names: its last path segment, whatever host the client used to reach us. */
export function queueNameOf(context: OperationContext, input: JsonObject): string {
  const url = requiredString(input, 'QueueUrl');
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url;
  }
  const name = path.split('/').filter(Boolean).at(-1) ?? '';
  context.engine.get(name);
  return name;
}

function createQueue(context: OperationContext, input: JsonObject): JsonObject {
  const name = requiredString(input, 'QueueName');
  const attributes = stringMap(input, 'Attributes');
  const settings = applyAttributes(defaultSettings(attributes.FifoQueue === 'true'), attributes);
  validateQueueName(name, settings.fifo);
  context.engine.putQueue(name, settings);
  return { QueueUrl: queueUrlOf(context, name) };
}

function getQueueUrl(context: OperationContext, input: JsonObject): JsonObject {
  const name = requiredString(input, 'QueueName');
  context.engine.get(name);
  return { QueueUrl: queueUrlOf(context, name) };
}

function listQueues(context: OperationContext, input: JsonObject): JsonObject {
  const prefix = optionalString(input, 'QueueNamePrefix') ?? '';
  const maxResults = optionalInteger(input, 'MaxResults');
  if (maxResults !== undefined && (maxResults < 1 || maxResults > 1000)) {
    throw invalidParameterValue(
      'Value for parameter MaxResults is invalid. Reason: Must be between 1 and 1000.',
    );
  }
  const after = optionalString(input, 'NextToken');
  const afterName = after === undefined ? undefined : Buffer.from(after, 'base64url').toString('utf8');
  const names = context.engine
    .names()
    .filter((name) => name.startsWith(prefix) && (afterName === undefined || name > afterName));
  const page = names.slice(0, maxResults ?? 1000);
  const result: JsonObject = { QueueUrls: page.map((name) => queueUrlOf(context, name)) };
  const last = page.at(-1);
  if (maxResults !== undefined && names.length > page.length && last !== undefined) {
    result.NextToken = Buffer.from(last, 'utf8').toString('base64url');
  }
  return result;
}

function getQueueAttributes(context: OperationContext, input: JsonObject): JsonObject {
  const name = queueNameOf(context, input);
  const requested = stringList(input, 'AttributeNames');
  for (const attribute of requested) {
    if (!QUEUE_ATTRIBUTE_NAMES.has(attribute)) throw invalidAttributeName(attribute);
  }
  const queue = context.engine.get(name);
  const counts = context.engine.counts(name);
  const all: Record<string, string> = {
    QueueArn: context.engine.arn(name),
    ApproximateNumberOfMessages: String(counts.visible),
    ApproximateNumberOfMessagesNotVisible: String(counts.inFlight),
    ApproximateNumberOfMessagesDelayed: String(counts.delayed),
    CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
    LastModifiedTimestamp: String(Math.floor(queue.modifiedAt / 1000)),
    SqsManagedSseEnabled: 'false',
    ...settingsAttributes(queue.settings),
  };
  const wanted = requested.includes('All') ? Object.keys(all) : requested;
  const attributes: Record<string, string> = {};
  for (const attribute of wanted) {
    const value = all[attribute];
    if (value !== undefined) attributes[attribute] = value;
  }
  return { Attributes: attributes };
}

function sendInput(entry: JsonObject): SendInput {
  const systemAttributes = messageAttributes(entry, 'MessageSystemAttributes');
  const traceHeader = systemAttributes.AWSTraceHeader?.StringValue;
  const input: SendInput = {
    body: requiredString(entry, 'MessageBody'),
    attributes: messageAttributes(entry, 'MessageAttributes'),
  };
  const delaySeconds = optionalInteger(entry, 'DelaySeconds');
  const groupId = optionalString(entry, 'MessageGroupId');
  const deduplicationId = optionalString(entry, 'MessageDeduplicationId');
  if (traceHeader !== undefined) input.traceHeader = traceHeader;
  if (delaySeconds !== undefined) input.delaySeconds = delaySeconds;
  if (groupId !== undefined) input.groupId = groupId;
  if (deduplicationId !== undefined) input.deduplicationId = deduplicationId;
  return input;
}

function sendOne(context: OperationContext, name: string, entry: JsonObject): JsonObject {
  const input = sendInput(entry);
  const sent = context.engine.send(name, input);
  const result: JsonObject = { MessageId: sent.messageId, MD5OfMessageBody: sent.md5OfBody };
  const attributesMd5 = md5OfAttributes(input.attributes);
  if (attributesMd5) result.MD5OfMessageAttributes = attributesMd5;
  if (input.traceHeader !== undefined) {
    result.MD5OfMessageSystemAttributes = md5OfAttributes({
      AWSTraceHeader: { DataType: 'String', StringValue: input.traceHeader },
    });
  }
  if (sent.sequenceNumber !== undefined) result.SequenceNumber = sent.sequenceNumber;
  return result;
}

function sendMessage(context: OperationContext, input: JsonObject): JsonObject {
  return sendOne(context, queueNameOf(context, input), input);
}

function failedEntry(id: string, error: unknown): JsonObject {
  if (!(error instanceof SqsError)) throw error;
  return { Id: id, SenderFault: error.senderFault, Code: error.queryCode, Message: error.message };
}

/** Runs `action` per entry; SQS reports each entry's failure apart instead of failing the request. */
function perEntry(
  entries: Array<JsonObject & { Id: string }>,
  action: (entry: JsonObject) => JsonObject,
): JsonObject {
  const successful: JsonObject[] = [];
  const failed: JsonObject[] = [];
  for (const entry of entries) {
    try {
      successful.push({ Id: entry.Id, ...action(entry) });
    } catch (error) {
      failed.push(failedEntry(entry.Id, error));
    }
  }
  return { Successful: successful, Failed: failed };
}

function sendMessageBatch(context: OperationContext, input: JsonObject): JsonObject {
  const name = queueNameOf(context, input);
  const entries = batchEntries(input);
  const size = entries.reduce((total, entry) => total + Buffer.byteLength(JSON.stringify(entry)), 0);
  const bodies = entries.reduce(
    (total, entry) =>
      total + Buffer.byteLength(typeof entry.MessageBody === 'string' ? entry.MessageBody : ''),
    0,
  );
  if (bodies > MAX_MESSAGE_BYTES) throw batchErrors.tooLong(size);
  return perEntry(entries, (entry) => sendOne(context, name, entry));
}

function deleteMessage(context: OperationContext, input: JsonObject): JsonObject {
  context.engine.deleteMessage(queueNameOf(context, input), requiredString(input, 'ReceiptHandle'));
  return {};
}

function deleteMessageBatch(context: OperationContext, input: JsonObject): JsonObject {
  const name = queueNameOf(context, input);
  return perEntry(batchEntries(input), (entry) => {
    context.engine.deleteMessage(name, requiredString(entry, 'ReceiptHandle'));
    return {};
  });
}

function visibilityOf(entry: JsonObject): number {
  const seconds = optionalInteger(entry, 'VisibilityTimeout');
  if (seconds === undefined)
    throw invalidParameterValue('The request must contain the parameter VisibilityTimeout.');
  return seconds;
}

function changeMessageVisibility(context: OperationContext, input: JsonObject): JsonObject {
  const name = queueNameOf(context, input);
  context.engine.changeVisibility(name, requiredString(input, 'ReceiptHandle'), visibilityOf(input));
  return {};
}

function changeMessageVisibilityBatch(context: OperationContext, input: JsonObject): JsonObject {
  const name = queueNameOf(context, input);
  return perEntry(batchEntries(input), (entry) => {
    context.engine.changeVisibility(name, requiredString(entry, 'ReceiptHandle'), visibilityOf(entry));
    return {};
  });
}

function purgeQueue(context: OperationContext, input: JsonObject): JsonObject {
  context.engine.purge(queueNameOf(context, input));
  return {};
}

/** Every operation but ReceiveMessage, which waits and so lives in the server. */
export const OPERATIONS: Record<string, (context: OperationContext, input: JsonObject) => JsonObject> = {
  CreateQueue: createQueue,
  GetQueueUrl: getQueueUrl,
  ListQueues: listQueues,
  GetQueueAttributes: getQueueAttributes,
  SendMessage: sendMessage,
  SendMessageBatch: sendMessageBatch,
  DeleteMessage: deleteMessage,
  DeleteMessageBatch: deleteMessageBatch,
  ChangeMessageVisibility: changeMessageVisibility,
  ChangeMessageVisibilityBatch: changeMessageVisibilityBatch,
  PurgeQueue: purgeQueue,
};
