import type { HandlerRef } from '@atende/shared/infra/handlers';
import { QUEUES, type QueueDefinition, deadLetterQueueName, queueName } from '@atende/shared/infra/queues';
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface QueuesProps {
  /** Physical names follow shared's queueName/deadLetterQueueName with this prefix (QUEUE_PREFIX). */
  namePrefix: string;
  definitions?: readonly QueueDefinition[];
  /** The consumer Lambda of a handler, or undefined when its module does not exist yet. */
  consumer: (ref: HandlerRef) => lambda.IFunction | undefined;
}

export interface BuiltQueue {
  definition: QueueDefinition;
  queue: sqs.Queue;
  deadLetterQueue: sqs.Queue;
  alarm: cloudwatch.Alarm;
}

/** Standard queues above 10 messages per batch must wait a little to fill the batch (Lambda rule). */
const BATCHING_WINDOW = Duration.seconds(1);
const DLQ_RETENTION = Duration.days(14);

/** One SQS queue per definition, each with its own DLQ, an alarm on that DLQ and its consumer Lambda. */
export class Queues extends Construct {
  readonly queues: BuiltQueue[];

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);
    this.queues = (props.definitions ?? QUEUES).map((definition) => {
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

      const consumer = props.consumer(definition.consumer.handler);
      if (consumer) {
        const { batchSize } = definition.consumer;
        consumer.addEventSource(
          new SqsEventSource(queue, {
            batchSize,
            reportBatchItemFailures: true,
            ...(!definition.fifo && batchSize > 10 ? { maxBatchingWindow: BATCHING_WINDOW } : {}),
          }),
        );
      } else {
        Annotations.of(queue).addWarningV2(
          '@atende/infra:queue-without-consumer',
          `Queue ${definition.id} has no consumer until its handler module exists.`,
        );
      }
      return { definition, queue, deadLetterQueue, alarm };
    });
  }

  /** Queue id → URL, the JSON the functions read from QUEUE_URLS. */
  urlsJson(): string {
    return Stack.of(this).toJsonString(
      Object.fromEntries(this.queues.map(({ definition, queue }) => [definition.id, queue.queueUrl])),
    );
  }

  grantSend(grantee: IGrantable): void {
    for (const { queue } of this.queues) queue.grantSendMessages(grantee);
  }
}
