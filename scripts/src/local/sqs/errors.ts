/**
 * SQS errors as the JSON protocol carries them. `queryCode` is the legacy query-protocol code that
 * @aws-sdk/client-sqs (awsQueryCompatible) reads from `x-amzn-query-error` to pick its typed exception.
 */
export class SqsError extends Error {
  constructor(
    readonly shape: string,
    readonly queryCode: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = shape;
  }

  get senderFault(): boolean {
    return this.status < 500;
  }

  toBody(): { __type: string; message: string } {
    return { __type: `com.amazonaws.sqs#${this.shape}`, message: this.message };
  }

  /** `Code;Sender` or `Code;Receiver`, as AWS sends it. */
  queryErrorHeader(): string {
    return `${this.queryCode};${this.senderFault ? 'Sender' : 'Receiver'}`;
  }
}

export const queueDoesNotExist = (): SqsError =>
  new SqsError(
    'QueueDoesNotExist',
    'AWS.SimpleQueueService.NonExistentQueue',
    400,
    'The specified queue does not exist.',
  );

export const queueNameExists = (name: string): SqsError =>
  new SqsError(
    'QueueNameExists',
    'QueueAlreadyExists',
    400,
    `A queue already exists with the same name and a different value for attribute(s): ${name}`,
  );

export const receiptHandleIsInvalid = (handle: string): SqsError =>
  new SqsError(
    'ReceiptHandleIsInvalid',
    'ReceiptHandleIsInvalid',
    404,
    `The input receipt handle "${handle}" is invalid.`,
  );

export const messageNotInflight = (): SqsError =>
  new SqsError(
    'MessageNotInflight',
    'AWS.SimpleQueueService.MessageNotInflight',
    400,
    'The message is not in flight.',
  );

export const invalidParameterValue = (message: string): SqsError =>
  new SqsError('InvalidParameterValue', 'InvalidParameterValue', 400, message);

export const missingParameter = (name: string): SqsError =>
  new SqsError(
    'MissingParameter',
    'MissingParameter',
    400,
    `The request must contain the parameter ${name}.`,
  );

export const invalidAttributeName = (name: string): SqsError =>
  new SqsError('InvalidAttributeName', 'InvalidAttributeName', 400, `Unknown Attribute ${name}.`);

export const invalidAttributeValue = (message: string): SqsError =>
  new SqsError('InvalidAttributeValue', 'InvalidAttributeValue', 400, message);

export const invalidMessageContents = (): SqsError =>
  new SqsError(
    'InvalidMessageContents',
    'InvalidMessageContents',
    400,
    'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF',
  );

export const purgeQueueInProgress = (name: string): SqsError =>
  new SqsError(
    'PurgeQueueInProgress',
    'AWS.SimpleQueueService.PurgeQueueInProgress',
    403,
    `Only one PurgeQueue operation on ${name} is allowed every 60 seconds.`,
  );

export const unsupportedOperation = (operation: string): SqsError =>
  new SqsError(
    'UnsupportedOperation',
    'AWS.SimpleQueueService.UnsupportedOperation',
    400,
    `The local SQS endpoint does not support ${operation}.`,
  );

export const serviceUnavailable = (): SqsError =>
  new SqsError('ServiceUnavailable', 'ServiceUnavailable', 503, 'The local SQS endpoint is closed.');

export const batchErrors = {
  empty: (): SqsError =>
    new SqsError(
      'EmptyBatchRequest',
      'AWS.SimpleQueueService.EmptyBatchRequest',
      400,
      'There should be at least one entry in the request.',
    ),
  tooMany: (count: number): SqsError =>
    new SqsError(
      'TooManyEntriesInBatchRequest',
      'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
      400,
      `Maximum number of entries per request are 10. You have sent ${count}.`,
    ),
  notDistinct: (id: string): SqsError =>
    new SqsError(
      'BatchEntryIdsNotDistinct',
      'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
      400,
      `Id ${id} repeated.`,
    ),
  invalidId: (id: string): SqsError =>
    new SqsError(
      'InvalidBatchEntryId',
      'AWS.SimpleQueueService.InvalidBatchEntryId',
      400,
      `A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long: ${id}`,
    ),
  tooLong: (size: number): SqsError =>
    new SqsError(
      'BatchRequestTooLong',
      'AWS.SimpleQueueService.BatchRequestTooLong',
      400,
      `Batch requests cannot be longer than 262144 bytes. You have sent ${size} bytes.`,
    ),
};
