import { deadLetterQueueName } from '@atende/shared/infra/queues';
import type { HandlerRef } from '@atende/shared/infra/handlers';
import type { TableDefinition } from '@atende/shared/infra/tables';
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

export interface StreamsProps {
  namePrefix: string;
  /** Each table built from a definition with a stream, beside its definition. */
  tables: ReadonlyArray<{ definition: TableDefinition; table: dynamodb.ITable }>;
  lambdaOf: (ref: HandlerRef) => lambda.IFunction | undefined;
}

/**
 * The event source mapping of every table stream: its handler (the domain-event dispatcher) reads batches,
 * answers partial failures by sequence number, bisects a failing batch, retries a bounded number of times
 * and then leaves the failed range's description in an on-failure queue, which raises an alarm.
 */
export class Streams extends Construct {
  readonly failureQueues: sqs.Queue[] = [];

  constructor(scope: Construct, id: string, props: StreamsProps) {
    super(scope, id);
    for (const { definition, table } of props.tables) {
      const stream = definition.stream;
      const handler = stream && props.lambdaOf(stream.handler);
      if (!stream || !handler) continue;
      const failures = new sqs.Queue(this, `${definition.id}-StreamFailures`, {
        queueName: deadLetterQueueName(props.namePrefix, { id: stream.failureQueueId, fifo: false }),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      NagSuppressions.addResourceSuppressions(failures, [
        {
          id: 'AwsSolutions-SQS3',
          reason:
            "This queue is the stream event source mapping's on-failure destination: it is the dead end.",
        },
      ]);
      failures
        .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
        .createAlarm(this, `${definition.id}-StreamFailuresAlarm`, {
          alarmDescription: `Stream records of ${definition.id} were not dispatched after ${stream.maxRetryAttempts} retries.`,
          threshold: 0,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        });
      handler.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: stream.batchSize,
          reportBatchItemFailures: true,
          bisectBatchOnError: true,
          retryAttempts: stream.maxRetryAttempts,
          maxRecordAge: Duration.seconds(stream.maxRecordAgeSeconds),
          onFailure: new SqsDlq(failures),
        }),
      );
      this.failureQueues.push(failures);
    }
  }
}
