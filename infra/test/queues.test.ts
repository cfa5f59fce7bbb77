import { deadLetterQueueName, queueName } from '@atende/shared/infra/queues';
import { ENV } from '@atende/shared/infra/env';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SAMPLE_QUEUES, SAMPLE_SCHEDULES, synth, synthSample } from './support.ts';

const { template, stack } = synthSample();
const PREFIX = 'atende-test-';

type Resource = { Properties: Record<string, unknown> };

const logicalIdOf = (type: string, properties: Record<string, unknown>): string => {
  const found = Object.keys(template.findResources(type, { Properties: properties }));
  expect(found).toHaveLength(1);
  return found[0] as string;
};

describe('queues from shared definitions', () => {
  it.each(SAMPLE_QUEUES)('$id has its own DLQ wired through a redrive policy', (definition) => {
    const dlqId = logicalIdOf('AWS::SQS::Queue', { QueueName: deadLetterQueueName(PREFIX, definition) });
    template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: queueName(PREFIX, definition),
      VisibilityTimeout: definition.visibilityTimeoutSeconds,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
        maxReceiveCount: definition.maxReceiveCount,
      },
    });
  });

  it.each(SAMPLE_QUEUES)('$id raises an alarm as soon as its DLQ holds a message', (definition) => {
    const dlqId = logicalIdOf('AWS::SQS::Queue', { QueueName: deadLetterQueueName(PREFIX, definition) });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
    });
  });

  it('names FIFO queues and their DLQs with .fifo and deduplicates by content', () => {
    const fifo = SAMPLE_QUEUES.filter((queue) => queue.fifo);
    expect(fifo.length).toBeGreaterThan(0);
    for (const definition of fifo) {
      for (const name of [queueName(PREFIX, definition), deadLetterQueueName(PREFIX, definition)]) {
        expect(name.endsWith('.fifo')).toBe(true);
        template.hasResourceProperties('AWS::SQS::Queue', {
          QueueName: name,
          FifoQueue: true,
          ContentBasedDeduplication: true,
        });
      }
    }
    template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: `${PREFIX}campaign-dispatch`,
      FifoQueue: Match.absent(),
    });
  });

  it.each(SAMPLE_QUEUES)('$id feeds its consumer in batches reporting per-item failures', (definition) => {
    const queueId = logicalIdOf('AWS::SQS::Queue', { QueueName: queueName(PREFIX, definition) });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: definition.consumer.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('runs one Lambda for a consumer shared by two queues, timed to fit the shorter visibility timeout', () => {
    const consumer = stack.functions.get(SAMPLE_QUEUES[1]!.consumer.handler);
    expect(consumer).toBeDefined();
    const fn = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: 'campaigns/dispatch-consumer.consume' },
    }) as Record<string, Resource>;
    expect(Object.values(fn)).toHaveLength(1);
    expect(Object.values(fn)[0]?.Properties.Timeout).toBe(45);
  });

  it('tells every function the queue URLs as JSON keyed by queue id', () => {
    const functions = Object.values(
      template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } }),
    ) as Resource[];
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const json = JSON.stringify(variables[ENV.queueUrls]);
      for (const definition of SAMPLE_QUEUES) expect(json).toContain(`\\"${definition.id}\\":`);
    }
  });

  it('lets application functions send to the queues', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['sqs:SendMessage']),
            Resource: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] },
          }),
        ]),
      },
    });
  });
});

describe('schedules from shared definitions', () => {
  it.each(SAMPLE_SCHEDULES)('$id runs its handler on $expression', (definition) => {
    const fnId = logicalIdOf('AWS::Lambda::Function', {
      Description: `${definition.handler.module}.${definition.handler.export}`,
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: definition.expression,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
    });
  });
});

describe('handlers that do not exist yet', () => {
  it('leave their queue without a consumer and skip their schedule, with a warning', () => {
    const { stack: partial, template: partialTemplate } = synth({
      queues: SAMPLE_QUEUES,
      schedules: SAMPLE_SCHEDULES,
    });
    partialTemplate.resourceCountIs('AWS::SQS::Queue', SAMPLE_QUEUES.length * 2);
    partialTemplate.resourceCountIs('AWS::Lambda::EventSourceMapping', 0);
    partialTemplate.resourceCountIs('AWS::Events::Rule', 0);
    const warnings = Annotations.fromStack(partial).findWarning(
      '*',
      Match.stringLikeRegexp('does not exist yet'),
    );
    expect(warnings.length).toBeGreaterThanOrEqual(SAMPLE_QUEUES.length + SAMPLE_SCHEDULES.length - 1);
  });
});
