import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { QueueEngine, type ReceivedMessage } from './engine.ts';
import { SqsError, invalidParameterValue, serviceUnavailable, unsupportedOperation } from './errors.ts';
import type { JsonObject } from './input.ts';
import { DEFAULT_ACCOUNT_ID, type QueueSettings, queueArn } from './model.ts';
import { OPERATIONS, type OperationContext, queueNameOf, queueUrlOf } from './operations.ts';
import { StateWriter, loadQueues } from './persistence.ts';
import { defaultSettings, validateQueueName } from './queue-attributes.ts';
import { type ReceiveRequest, parseReceive, renderMessage } from './receive.ts';

export interface LocalSqsOptions {
  dataDir: string;
  /** Where the endpoint is mounted, e.g. `http://127.0.0.1:3000/sqs`; queue URLs live under it. */
  baseUrl: string;
  accountId?: string;
  /** Clock in epoch milliseconds, injectable so tests can pass the 5-minute deduplication window. */
  now?: () => number;
}

export interface QueueSpec {
  name: string;
  fifo: boolean;
  visibilityTimeoutSeconds: number;
  /** FIFO only; AWS' default is off (producers then send a MessageDeduplicationId). */
  contentBasedDeduplication?: boolean;
  redrive?: { deadLetterQueueName: string; maxReceiveCount: number };
}

export interface LocalSqs {
  /** Serves one request; `body` when the caller already read it (the runtime reads it to check the signature). */
  handle(req: IncomingMessage, res: ServerResponse, body?: Buffer): void;
  ensureQueue(def: QueueSpec): Promise<string>;
  close(): Promise<void>;
}

const DURABLE_OPERATIONS = new Set(['SendMessage', 'SendMessageBatch']);
const MAX_REQUEST_BYTES = 2 * 1024 * 1024;
const DEAD_LETTER_RETENTION_SECONDS = 1_209_600;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_REQUEST_BYTES) reject(invalidParameterValue('The request is too large.'));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function parseInput(text: string): JsonObject {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidParameterValue('The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidParameterValue('The request body must be a JSON object.');
  }
  return parsed as JsonObject;
}

function reply(res: ServerResponse, status: number, body: JsonObject, headers: Record<string, string>): void {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * A local SQS endpoint speaking the JSON protocol of @aws-sdk/client-sqs v3. The queue is taken from the
 * QueueUrl in the body, so requests may arrive at the base path or at a queue URL's path alike.
 */
export async function createLocalSqs(options: LocalSqsOptions): Promise<LocalSqs> {
  const now = options.now ?? Date.now;
  const accountId = options.accountId ?? DEFAULT_ACCOUNT_ID;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const waiters = new Map<string, Set<() => void>>();
  const stored = await loadQueues(options.dataDir, now());
  const writer = new StateWriter(options.dataDir, () => engine.snapshot(), stored);
  const wake = (queueName: string): void => {
    for (const waiter of [...(waiters.get(queueName) ?? [])]) waiter();
  };
  const engine = new QueueEngine(
    { accountId, now, onChange: wake, onMutate: (entry) => writer.record(entry) },
    stored.queues,
  );
  const context: OperationContext = { engine, baseUrl, accountId };
  let closed = false;

  const waitForChange = (queueName: string, delayMs: number, signal: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      const queueWaiters = waiters.get(queueName) ?? new Set<() => void>();
      waiters.set(queueName, queueWaiters);
      const done = (): void => {
        clearTimeout(timer);
        queueWaiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, delayMs);
      queueWaiters.add(done);
      signal.addEventListener('abort', done);
    });

  /** Long polling: answers as soon as a message is receivable, or empty when the wait runs out. */
  const receiveWaiting = async (
    queueName: string,
    request: ReceiveRequest,
    signal: AbortSignal,
  ): Promise<ReceivedMessage[]> => {
    const deadline = Date.now() + request.waitSeconds * 1000;
    for (;;) {
      // A caller that hung up must not leave messages in flight that nobody got.
      if (signal.aborted || closed) return [];
      const received = engine.receive(queueName, request.max, request.visibilityTimeoutSeconds);
      const remaining = deadline - Date.now();
      if (received.length > 0 || remaining <= 0) return received;
      const nextVisible = engine.nextVisibleAt(queueName);
      const untilVisible = nextVisible === undefined ? remaining : Math.max(nextVisible - now(), 1);
      await waitForChange(queueName, Math.min(remaining, untilVisible), signal);
    }
  };

  const receiveMessage = async (input: JsonObject, signal: AbortSignal): Promise<JsonObject> => {
    const queueName = queueNameOf(context, input);
    const request = parseReceive(input, engine.get(queueName).settings);
    const received = await receiveWaiting(queueName, request, signal);
    return { Messages: received.map((message) => renderMessage(message, request, accountId)) };
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, body?: Buffer): Promise<void> => {
    const requestId = randomUUID();
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) controller.abort();
    });
    try {
      if (closed) throw serviceUnavailable();
      const target = req.headers['x-amz-target'];
      const operation =
        typeof target === 'string' && target.startsWith('AmazonSQS.')
          ? target.slice('AmazonSQS.'.length)
          : '';
      const input = parseInput(body ? body.toString('utf8') : await readBody(req));
      if (req.method !== 'POST') throw unsupportedOperation(`${req.method ?? ''} requests`);
      let result: JsonObject;
      if (operation === 'ReceiveMessage') {
        result = await receiveMessage(input, controller.signal);
      } else {
        const run = OPERATIONS[operation];
        if (!run) throw unsupportedOperation(operation || 'requests without x-amz-target');
        result = run(context, input);
        // An accepted message must survive a crash: answer only once it is on disk (group commit).
        if (DURABLE_OPERATIONS.has(operation)) await writer.durable();
      }
      reply(res, 200, result, { 'x-amzn-requestid': requestId });
    } catch (error) {
      if (error instanceof SqsError) {
        reply(res, error.status, error.toBody(), {
          'x-amzn-requestid': requestId,
          'x-amzn-query-error': error.queryErrorHeader(),
        });
        return;
      }
      console.error('local SQS: unexpected error', error);
      reply(
        res,
        500,
        {
          __type: 'com.amazonaws.sqs#InternalError',
          message: 'We encountered an internal error. Please try again.',
        },
        { 'x-amzn-requestid': requestId, 'x-amzn-query-error': 'InternalError;Receiver' },
      );
    }
  };

  const ensureQueue = async (def: QueueSpec): Promise<string> => {
    validateQueueName(def.name, def.fifo);
    let redrivePolicy: QueueSettings['redrivePolicy'];
    if (def.redrive) {
      const deadLetterName = def.redrive.deadLetterQueueName;
      validateQueueName(deadLetterName, def.fifo);
      if (!engine.names().includes(deadLetterName)) {
        engine.putQueue(deadLetterName, {
          ...defaultSettings(def.fifo),
          messageRetentionSeconds: DEAD_LETTER_RETENTION_SECONDS,
        });
      }
      redrivePolicy = {
        deadLetterTargetArn: queueArn(accountId, deadLetterName),
        maxReceiveCount: def.redrive.maxReceiveCount,
      };
    }
    const existing = engine.names().includes(def.name) ? engine.get(def.name).settings : undefined;
    const settings: QueueSettings = {
      ...(existing ?? defaultSettings(def.fifo)),
      fifo: def.fifo,
      contentBasedDeduplication: def.fifo && (def.contentBasedDeduplication ?? false),
      visibilityTimeoutSeconds: def.visibilityTimeoutSeconds,
    };
    if (redrivePolicy) settings.redrivePolicy = redrivePolicy;
    else delete settings.redrivePolicy;
    engine.putQueue(def.name, settings, true);
    return queueUrlOf(context, def.name);
  };

  return {
    handle: (req, res, body) => {
      void serve(req, res, body);
    },
    ensureQueue,
    close: async () => {
      closed = true;
      for (const queueName of waiters.keys()) wake(queueName);
      await writer.close();
    },
  };
}
