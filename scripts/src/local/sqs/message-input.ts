import { invalidMessageContents, invalidParameterValue, missingParameter } from './errors.ts';
import type { MessageAttributes, QueueSettings } from './model.ts';

export interface SendInput {
  body: string;
  attributes: MessageAttributes;
  traceHeader?: string;
  delaySeconds?: number;
  groupId?: string;
  deduplicationId?: string;
}

// SQS accepts only these code points: #x9 | #xA | #xD | #x20-#xD7FF | #xE000-#xFFFD | #x10000-#x10FFFF.
const INVALID_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ATTRIBUTE_NAME = /^(?!aws\.|amazon\.)(?!\.)[A-Za-z0-9_.-]{1,256}(?<!\.)$/i;
const DATA_TYPE = /^(String|Number|Binary)(\.[^\s]{1,256})?$/;
const FIFO_ID = /^[\x21-\x7E]{1,128}$/;

function attributesSize(attributes: MessageAttributes): number {
  let size = 0;
  for (const [name, value] of Object.entries(attributes)) {
    size += Buffer.byteLength(name) + Buffer.byteLength(value.DataType);
    size += value.BinaryValue
      ? Buffer.from(value.BinaryValue, 'base64').length
      : Buffer.byteLength(value.StringValue ?? '');
  }
  return size;
}

function validateAttributes(attributes: MessageAttributes): void {
  const entries = Object.entries(attributes);
  if (entries.length > 10) {
    throw invalidParameterValue(
      `Number of message attributes [${entries.length}] exceeds the allowed maximum [10].`,
    );
  }
  for (const [name, value] of entries) {
    if (!ATTRIBUTE_NAME.test(name) || name.includes('..')) {
      throw invalidParameterValue(`Message attribute name '${name}' is invalid.`);
    }
    if (!DATA_TYPE.test(value.DataType)) {
      throw invalidParameterValue(`The message attribute '${name}' has an invalid message attribute type.`);
    }
    if (value.DataType.startsWith('Binary')) {
      if (!value.BinaryValue)
        throw invalidParameterValue(
          `The message attribute '${name}' must contain a non-empty value of message attribute type '${value.DataType}'.`,
        );
    } else {
      if (!value.StringValue)
        throw invalidParameterValue(
          `The message attribute '${name}' must contain a non-empty message attribute value for message attribute type '${value.DataType}'.`,
        );
      if (INVALID_CHARACTER.test(value.StringValue)) throw invalidMessageContents();
      if (value.DataType.startsWith('Number') && !Number.isFinite(Number(value.StringValue))) {
        throw invalidParameterValue(
          `Can't cast the value of message (user) attribute '${name}' to a number.`,
        );
      }
    }
  }
}

/** Validates a send against the queue as SQS does; throws the SqsError SQS would answer with. */
export function validateSend(input: SendInput, settings: QueueSettings): void {
  if (input.body === '') throw missingParameter('MessageBody');
  if (INVALID_CHARACTER.test(input.body)) throw invalidMessageContents();
  validateAttributes(input.attributes);
  const size = Buffer.byteLength(input.body) + attributesSize(input.attributes);
  if (size > settings.maximumMessageSize) {
    throw invalidParameterValue(
      `One or more parameters are invalid. Reason: Message must be shorter than ${settings.maximumMessageSize} bytes.`,
    );
  }
  if (input.delaySeconds !== undefined) {
    if (!Number.isInteger(input.delaySeconds) || input.delaySeconds < 0 || input.delaySeconds > 900) {
      throw invalidParameterValue(
        `Value ${input.delaySeconds} for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900.`,
      );
    }
    if (settings.fifo) {
      throw invalidParameterValue(
        `Value ${input.delaySeconds} for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.`,
      );
    }
  }
  if (settings.fifo) {
    if (input.groupId === undefined) throw missingParameter('MessageGroupId');
    if (!FIFO_ID.test(input.groupId))
      throw invalidParameterValue('Value for parameter MessageGroupId is invalid.');
    if (input.deduplicationId === undefined && !settings.contentBasedDeduplication) {
      throw invalidParameterValue(
        'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
      );
    }
    if (input.deduplicationId !== undefined && !FIFO_ID.test(input.deduplicationId)) {
      throw invalidParameterValue('Value for parameter MessageDeduplicationId is invalid.');
    }
  } else if (input.deduplicationId !== undefined) {
    throw invalidParameterValue(
      'Value for parameter MessageDeduplicationId is invalid. Reason: The request include parameter that is not valid for this queue type.',
    );
  }
}
