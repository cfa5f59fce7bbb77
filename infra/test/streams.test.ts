import { EVENT_CONSUMER_QUEUES, EVENT_DISPATCHER } from '@atende/shared/infra/event-consumers';
import { deadLetterQueueName, queueName } from '@atende/shared/infra/queues';
import { MAIN_TABLE, tableName } from '@atende/shared/infra/tables';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { functionsRootWith, SAMPLE_REFS, synthSample } from './support.ts';
import { parentRefOf } from './template-paths.ts';

const PREFIX = 'atende-test-';
const stream = MAIN_TABLE.stream!;

/** The sample stack with the real event consumers' queues, so their DLQs and alarms are checked too. */
const { template, stack } = synthSample({
  queues: EVENT_CONSUMER_QUEUES,
  functionsRoot: functionsRootWith([
    ...SAMPLE_REFS,
    ...EVENT_CONSUMER_QUEUES.map((queue) => queue.consumer.handler),
  ]),
});

/** The consumers' queues, DLQs and alarms live in the queues' nested stack. */
const queuesTemplate = Template.fromStack(stack.queues);

const idOf = (type: string, properties: Record<string, unknown>, within: Template = template): string => {
  const found = Object.keys(within.findResources(type, { Properties: properties }));
  expect(found).toHaveLength(1);
  return found[0] as string;
};

describe('domain events from the table stream', () => {
  it('turns on the main table stream with both images', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: tableName(PREFIX, MAIN_TABLE),
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('feeds the dispatcher through an event source mapping with partial failures, bisect, bounded retries and an on-failure queue', () => {
    const tableId = idOf('AWS::DynamoDB::Table', { TableName: tableName(PREFIX, MAIN_TABLE) });
    const dispatcherId = idOf('AWS::Lambda::Function', {
      Description: `${EVENT_DISPATCHER.module}.${EVENT_DISPATCHER.export}`,
    });
    const failuresId = idOf('AWS::SQS::Queue', {
      QueueName: deadLetterQueueName(PREFIX, { id: stream.failureQueueId, fifo: false }),
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      FunctionName: { Ref: dispatcherId },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: stream.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: stream.maxRetryAttempts,
      MaximumRecordAgeInSeconds: stream.maxRecordAgeSeconds,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failuresId, 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [failuresId, 'QueueName'] } }],
      Threshold: 0,
    });
  });

  it.each(EVENT_CONSUMER_QUEUES)(
    '$id is a FIFO queue with its DLQ, an alarm and its consumer',
    (definition) => {
      const queueId = idOf('AWS::SQS::Queue', { QueueName: queueName(PREFIX, definition) }, queuesTemplate);
      const dlqId = idOf(
        'AWS::SQS::Queue',
        { QueueName: deadLetterQueueName(PREFIX, definition) },
        queuesTemplate,
      );
      queuesTemplate.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: queueName(PREFIX, definition),
        FifoQueue: true,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
          maxReceiveCount: definition.maxReceiveCount,
        },
      });
      queuesTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
        Threshold: 0,
      });
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: parentRefOf(stack, stack.queues, queueId, 'Arn'),
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    },
  );

  it('lets the dispatcher send to every consumer queue', () => {
    const dispatcher = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: `${EVENT_DISPATCHER.module}.${EVENT_DISPATCHER.export}` },
    });
    const roleId = (Object.values(dispatcher)[0] as { Properties: { Role: { 'Fn::GetAtt': string[] } } })
      .Properties.Role['Fn::GetAtt'][0];
    const policies = JSON.stringify(
      template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
    );
    expect(policies).toContain('sqs:SendMessage');
    expect(policies).toContain('dynamodb:GetRecords');
    for (const definition of EVENT_CONSUMER_QUEUES) {
      const queueId = idOf('AWS::SQS::Queue', { QueueName: queueName(PREFIX, definition) }, queuesTemplate);
      expect(policies).toContain(JSON.stringify(parentRefOf(stack, stack.queues, queueId, 'Arn')));
    }
  });
});
