import { invalidAttributeName, invalidAttributeValue, invalidParameterValue } from './errors.ts';
import { MAX_MESSAGE_BYTES, type QueueSettings, type RedrivePolicy, queueNameFromArn } from './model.ts';

const QUEUE_NAME = /^[A-Za-z0-9_-]{1,80}$/;

export function validateQueueName(name: string, fifo: boolean): void {
  const base = fifo ? name.replace(/\.fifo$/, '') : name;
  if (!QUEUE_NAME.test(base) || name.length > 80) {
    throw invalidParameterValue(
      'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length',
    );
  }
  if (fifo !== name.endsWith('.fifo')) {
    throw invalidParameterValue(
      'The name of a FIFO queue can only include alphanumeric characters, hyphens, or underscores, must end with .fifo suffix and be 1 to 80 in length.',
    );
  }
}

export function defaultSettings(fifo: boolean): QueueSettings {
  return {
    fifo,
    contentBasedDeduplication: false,
    visibilityTimeoutSeconds: 30,
    delaySeconds: 0,
    messageRetentionSeconds: 345_600,
    receiveWaitTimeSeconds: 0,
    maximumMessageSize: MAX_MESSAGE_BYTES,
  };
}

function integerIn(name: string, value: string, min: number, max: number): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
    throw invalidAttributeValue(`Invalid value for the parameter ${name}.`);
  }
  return parsed;
}

function booleanAttribute(name: string, value: string): boolean {
  if (value !== 'true' && value !== 'false')
    throw invalidAttributeValue(`Invalid value for the parameter ${name}.`);
  return value === 'true';
}

function parseRedrivePolicy(value: string): RedrivePolicy | undefined {
  if (value === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalidAttributeValue(
      'Invalid value for the parameter RedrivePolicy. Reason: Redrive policy is not a valid JSON map.',
    );
  }
  const policy = parsed as { deadLetterTargetArn?: unknown; maxReceiveCount?: unknown } | null;
  const arn = policy?.deadLetterTargetArn;
  const count = Number(policy?.maxReceiveCount);
  if (typeof arn !== 'string' || !queueNameFromArn(arn)) {
    throw invalidAttributeValue(
      'Value for parameter RedrivePolicy is invalid. Reason: Invalid value for deadLetterTargetArn.',
    );
  }
  if (!Number.isInteger(count) || count < 1 || count > 1000) {
    throw invalidAttributeValue(
      'Value for parameter RedrivePolicy is invalid. Reason: Invalid value for maxReceiveCount.',
    );
  }
  return { deadLetterTargetArn: arn, maxReceiveCount: count };
}

/** Applies CreateQueue attributes (all strings, as SQS sends them) over `base`. */
export function applyAttributes(base: QueueSettings, attributes: Record<string, string>): QueueSettings {
  const settings: QueueSettings = { ...base };
  for (const [name, value] of Object.entries(attributes)) {
    switch (name) {
      case 'FifoQueue':
        settings.fifo = booleanAttribute(name, value);
        break;
      case 'ContentBasedDeduplication':
        settings.contentBasedDeduplication = booleanAttribute(name, value);
        break;
      case 'VisibilityTimeout':
        settings.visibilityTimeoutSeconds = integerIn(name, value, 0, 43_200);
        break;
      case 'DelaySeconds':
        settings.delaySeconds = integerIn(name, value, 0, 900);
        break;
      case 'MessageRetentionPeriod':
        settings.messageRetentionSeconds = integerIn(name, value, 60, 1_209_600);
        break;
      case 'ReceiveMessageWaitTimeSeconds':
        settings.receiveWaitTimeSeconds = integerIn(name, value, 0, 20);
        break;
      case 'MaximumMessageSize':
        settings.maximumMessageSize = integerIn(name, value, 1024, MAX_MESSAGE_BYTES);
        break;
      case 'RedrivePolicy': {
        const policy = parseRedrivePolicy(value);
        if (policy) settings.redrivePolicy = policy;
        else delete settings.redrivePolicy;
        break;
      }
      default:
        throw invalidAttributeName(name);
    }
  }
  if (!settings.fifo && settings.contentBasedDeduplication) {
    throw invalidAttributeName('ContentBasedDeduplication');
  }
  return settings;
}

export function sameSettings(a: QueueSettings, b: QueueSettings): boolean {
  return JSON.stringify(settingsAttributes(a)) === JSON.stringify(settingsAttributes(b));
}

/** The queue's configured attributes in SQS' string form. */
export function settingsAttributes(settings: QueueSettings): Record<string, string> {
  const attributes: Record<string, string> = {
    VisibilityTimeout: String(settings.visibilityTimeoutSeconds),
    DelaySeconds: String(settings.delaySeconds),
    MessageRetentionPeriod: String(settings.messageRetentionSeconds),
    ReceiveMessageWaitTimeSeconds: String(settings.receiveWaitTimeSeconds),
    MaximumMessageSize: String(settings.maximumMessageSize),
  };
  if (settings.fifo) {
    attributes.FifoQueue = 'true';
    attributes.ContentBasedDeduplication = String(settings.contentBasedDeduplication);
  }
  if (settings.redrivePolicy) attributes.RedrivePolicy = JSON.stringify(settings.redrivePolicy);
  return attributes;
}

export const QUEUE_ATTRIBUTE_NAMES = new Set([
  'All',
  'ApproximateNumberOfMessages',
  'ApproximateNumberOfMessagesNotVisible',
  'ApproximateNumberOfMessagesDelayed',
  'CreatedTimestamp',
  'LastModifiedTimestamp',
  'QueueArn',
  'VisibilityTimeout',
  'DelaySeconds',
  'MessageRetentionPeriod',
  'ReceiveMessageWaitTimeSeconds',
  'MaximumMessageSize',
  'FifoQueue',
  'ContentBasedDeduplication',
  'RedrivePolicy',
  'Policy',
  'KmsMasterKeyId',
  'KmsDataKeyReusePeriodSeconds',
  'SqsManagedSseEnabled',
  'DeduplicationScope',
  'FifoThroughputLimit',
  'RedriveAllowPolicy',
]);
