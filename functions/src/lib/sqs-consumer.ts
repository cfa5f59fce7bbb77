import { QUEUES } from '@atende/shared/infra/queues';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { inBatch } from './batch-memo.ts';
import { invocationFields, logger, withLogContext } from './logger.ts';

export interface ConsumerOptions<S extends z.ZodType> {
  /** The queue's id in QUEUES: its maxReceiveCount decides which attempt is the last. */
  queueId: string;
  /** Parses each record's JSON body; a body that fails can never succeed, so it is logged and dropped. */
  schema: S;
  process: (message: z.infer<S>, record: SQSRecord, context: Context | undefined) => Promise<void>;
  /**
   * Runs when a record fails on its queue's last receive, before it goes to the DLQ (mark a job failed, tell
   * the user). Its own failure is logged; the record still goes to the DLQ.
   */
  onLastAttempt?: (message: z.infer<S>, error: unknown, record: SQSRecord) => Promise<void>;
  /** The tenant a message belongs to, added to every log line written while it is processed. */
  companyOf?: (message: z.infer<S>) => string | undefined;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function parseBody<S extends z.ZodType>(schema: S, record: SQSRecord): z.infer<S> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(record.body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function maxReceiveCountOf(queueId: string): number {
  const queue = QUEUES.find((candidate) => candidate.id === queueId);
  if (!queue) throw new Error(`No queue ${queueId} in QUEUES`);
  return queue.maxReceiveCount;
}

/**
 * The one SQS consumer of every queue: parses each record with its schema, processes FIFO groups side by side
 * and each group's records in order (a failure fails the rest of its group, so SQS redelivers them in order),
 * processes a standard queue's records one after another, answers with partial batch failures, and runs the
 * last-attempt hook on a record's final receive (maxReceiveCount read from QUEUES, never written here). A batch
 * is one `inBatch` scope: what its records read through `memoInBatch` is read once.
 */
export function sqsConsumer<S extends z.ZodType>(options: ConsumerOptions<S>) {
  const maxReceiveCount = maxReceiveCountOf(options.queueId);

  async function processRecord(record: SQSRecord, context: Context | undefined): Promise<boolean> {
    const message = parseBody(options.schema, record);
    if (message === undefined) {
      logger.error('message rejected: it does not match its schema', {
        queue: options.queueId,
        messageId: record.messageId,
      });
      return true;
    }
    return withLogContext({ company_id: options.companyOf?.(message) }, async () => {
      try {
        await options.process(message, record, context);
        return true;
      } catch (error) {
        const receiveCount = Number(record.attributes.ApproximateReceiveCount);
        const last = receiveCount >= maxReceiveCount;
        logger.warn(last ? 'message failed its last attempt' : 'message failed; it will be redelivered', {
          queue: options.queueId,
          messageId: record.messageId,
          receiveCount,
          error: reason(error),
        });
        if (last && options.onLastAttempt) {
          await options.onLastAttempt(message, error, record).catch((hookError: unknown) => {
            logger.error('last-attempt hook failed', { queue: options.queueId, error: reason(hookError) });
          });
        }
        return false;
      }
    });
  }

  return async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
    withLogContext({ ...invocationFields(context), queue: options.queueId }, () =>
      inBatch(async () => {
        const groups = new Map<string, SQSRecord[]>();
        let standard: SQSRecord[] | undefined;
        for (const record of event.Records) {
          const group = record.attributes.MessageGroupId;
          if (group === undefined) (standard ??= []).push(record);
          else groups.set(group, [...(groups.get(group) ?? []), record]);
        }
        // Standard queues keep no order, but their consumers run long jobs: one at a time, as before.
        const lanes = [...groups.values(), ...(standard ? standard.map((record) => [record]) : [])];
        const failures: string[] = [];
        const runLane = async (records: SQSRecord[]) => {
          for (const [index, record] of records.entries()) {
            if (!(await processRecord(record, context))) {
              failures.push(...records.slice(index).map((failed) => failed.messageId));
              return;
            }
          }
        };
        if (standard) for (const lane of lanes) await runLane(lane);
        else await Promise.all(lanes.map(runLane));
        return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
      }),
    );
}
