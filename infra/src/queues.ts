import type { HandlerRef } from '@atende/shared/infra/handlers';
import {
  QUEUES,
  type QueueDefinition,
  WORKER_QUEUES,
  type WorkerQueueDefinition,
  deadLetterQueueName,
  queueName,
} from '@atende/shared/infra/queues';
import { Annotations, Duration, NestedStack, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export interface QueuesProps {
  /** Physical names follow shared's queueName/deadLetterQueueName with this prefix (QUEUE_PREFIX). */
  namePrefix: string;
  definitions?: readonly QueueDefinition[];
  /** Queues a long-lived worker polls itself: built with their DLQ and alarm, without a Lambda consumer. */
  workerDefinitions?: readonly WorkerQueueDefinition[];
  /** The Lambda of a handler, or undefined when its module does not exist yet. */
  lambdaOf: (ref: HandlerRef) => lambda.IFunction | undefined;
}

export interface BuiltQueue {
  definition: QueueDefinition | WorkerQueueDefinition;
  queue: sqs.Queue;
  deadLetterQueue: sqs.Queue;
  alarm: cloudwatch.Alarm;
}

/** Standard queues above 10 messages per batch must wait a little to fill the batch (Lambda rule). */
const BATCHING_WINDOW = Duration.seconds(1);
const DLQ_RETENTION = Duration.days(14);

/**
 * One SQS queue per definition, each with its own DLQ, an alarm on that DLQ and its consumer Lambda (none for
 * worker queues). Only a definition's producers may send to it; its consumer receives through the event source.
 *
 * A nested stack of its own: queues, DLQs, their SSL-only policies and alarms are five resources per
 * definition, which would push the product stack towards CloudFormation's 500. The event source mappings and
 * the producers' and consumers' grants stay beside their functions in the parent (CDK passes the queue ARNs
 * and URLs out of this stack).
 */
export class Queues extends NestedStack {
  readonly queues: BuiltQueue[];

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id, { description: 'Atende SQS queues, their dead-letter queues and alarms' });
    const definitions = [...(props.definitions ?? QUEUES), ...(props.workerDefinitions ?? WORKER_QUEUES)];
    this.queues = definitions.map((definition) => {
      const fifo = definition.fifo ? { fifo: true, contentBasedDeduplication: true } : {};
      const deadLetterQueue = new sqs.Queue(this, `${definition.id}-Dlq`, {
        queueName: deadLetterQueueName(props.namePrefix, definition),
        ...fifo,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: DLQ_RETENTION,
      });
      const queue = new sqs.Queue(this, definition.id, {
        queueName: queueName(props.namePrefix, definition),
        ...fifo,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
      });
      const alarm = deadLetterQueue
        .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
        .createAlarm(this, `${definition.id}-DlqAlarm`, {
          alarmDescription: `Messages of ${definition.id} failed ${definition.maxReceiveCount} times and wait in its DLQ.`,
          threshold: 0,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        });

      if ('consumer' in definition) this.attachConsumer(props, definition, queue);
      for (const producer of definition.producers) {
        const fn = props.lambdaOf(producer);
        if (fn) queue.grantSendMessages(fn);
      }
      return { definition, queue, deadLetterQueue, alarm };
    });
  }

  private attachConsumer(props: QueuesProps, definition: QueueDefinition, queue: sqs.Queue): void {
    const consumer = props.lambdaOf(definition.consumer.handler);
    if (!consumer) {
      Annotations.of(queue).addWarningV2(
        '@atende/infra:queue-without-consumer',
        `Queue ${definition.id} has no consumer until its handler module exists.`,
      );
      return;
    }
    const { batchSize } = definition.consumer;
    consumer.addEventSource(
      new SqsEventSource(queue, {
        batchSize,
        reportBatchItemFailures: true,
        ...(!definition.fifo && batchSize > 10 ? { maxBatchingWindow: BATCHING_WINDOW } : {}),
      }),
    );
  }

  /** The queue built for a definition id; throws on an unknown id so a typo fails synthesis. */
  get(id: string): sqs.Queue {
    const built = this.queues.find(({ definition }) => definition.id === id);
    if (!built) throw new Error(`No queue ${id} in the queue definitions`);
    return built.queue;
  }

  /** Queue id → URL, the JSON the functions read from QUEUE_URLS. */
  urlsJson(): string {
    return Stack.of(this).toJsonString(
      Object.fromEntries(this.queues.map(({ definition, queue }) => [definition.id, queue.queueUrl])),
    );
  }
}
