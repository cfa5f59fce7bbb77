import { deadLetterQueueName, queueName } from '@atende/shared/infra/queues';
import { ENV } from '@atende/shared/infra/env';
import { type HandlerRef, handlerKey, handlerRef } from '@atende/shared/infra/handlers';
import { MAIN_TABLE } from '@atende/shared/infra/tables';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_QUEUES,
  SAMPLE_REFS,
  SAMPLE_SCHEDULES,
  SAMPLE_WORKER_QUEUES,
  synth,
  synthSample,
} from './support.ts';
import { parentRefOf } from './template-paths.ts';

const { template, stack } = synthSample();
/** Queues, DLQs and alarms live in a nested stack; event sources and grants stay with the functions. */
const queuesTemplate = Template.fromStack(stack.queues);
const PREFIX = 'atende-test-';

/** How the parent names a queue's ARN: an output of the queues' nested stack. */
const parentArnOf = (queueId: string) => parentRefOf(stack, stack.queues, queueId, 'Arn');

type Resource = { Properties: Record<string, unknown> };
type Statement = { Action: string | string[]; Resource: unknown };

const actionsOf = (statement: Statement): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

const functionIdOf = (ref: HandlerRef): string =>
  logicalIdOf('AWS::Lambda::Function', { Description: `${ref.module}.${ref.export}` });

/** The IAM statements of a function's role. */
const statementsOf = (functionId: string): Statement[] => {
  const fn = template.findResources('AWS::Lambda::Function')[functionId] as Resource;
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
  const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } });
  return Object.values(policies).flatMap(
    (policy) =>
      (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
        .Statement,
  );
};

const logicalIdOf = (
  type: string,
  properties: Record<string, unknown>,
  within: Template = template,
): string => {
  const found = Object.keys(within.findResources(type, { Properties: properties }));
  expect(found).toHaveLength(1);
  return found[0] as string;
};

describe('queues from shared definitions', () => {
  it.each(SAMPLE_QUEUES)('$id has its own DLQ wired through a redrive policy', (definition) => {
    const dlqId = logicalIdOf(
      'AWS::SQS::Queue',
      { QueueName: deadLetterQueueName(PREFIX, definition) },
      queuesTemplate,
    );
    queuesTemplate.hasResourceProperties('AWS::SQS::Queue', {
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
    const dlqId = logicalIdOf(
      'AWS::SQS::Queue',
      { QueueName: deadLetterQueueName(PREFIX, definition) },
      queuesTemplate,
    );
    queuesTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
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
        queuesTemplate.hasResourceProperties('AWS::SQS::Queue', {
          QueueName: name,
          FifoQueue: true,
          ContentBasedDeduplication: true,
        });
      }
    }
    queuesTemplate.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: `${PREFIX}campaign-dispatch`,
      FifoQueue: Match.absent(),
    });
  });

  it.each(SAMPLE_QUEUES)('$id feeds its consumer in batches reporting per-item failures', (definition) => {
    const queueId = logicalIdOf(
      'AWS::SQS::Queue',
      { QueueName: queueName(PREFIX, definition) },
      queuesTemplate,
    );
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: parentArnOf(queueId),
      BatchSize: definition.consumer.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('runs one Lambda for a consumer shared by two queues, timed to fit the shorter visibility timeout', () => {
    const consumer = stack.functions.get(SAMPLE_QUEUES[1]!.consumer.handler);
    expect(consumer).toBeDefined();
    const fn = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: 'samples/dispatch-consumer.consume' },
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

  it.each(SAMPLE_QUEUES)("lets only $id's producers send to it", (definition) => {
    const queueId = logicalIdOf(
      'AWS::SQS::Queue',
      { QueueName: queueName(PREFIX, definition) },
      queuesTemplate,
    );
    const producers = new Set(definition.producers.map(handlerKey));
    for (const ref of SAMPLE_REFS) {
      const statements = statementsOf(functionIdOf(ref));
      const sends = statements.some(
        (statement) =>
          actionsOf(statement).includes('sqs:SendMessage') &&
          JSON.stringify(statement.Resource) === JSON.stringify(parentArnOf(queueId)),
      );
      expect(sends, `${handlerKey(ref)} → ${definition.id}`).toBe(producers.has(handlerKey(ref)));
    }
  });

  it.each(SAMPLE_QUEUES)(
    '$id lets its consumer receive and delete, through the event source',
    (definition) => {
      const queueId = logicalIdOf(
        'AWS::SQS::Queue',
        { QueueName: queueName(PREFIX, definition) },
        queuesTemplate,
      );
      const receives = statementsOf(functionIdOf(definition.consumer.handler)).filter(
        (statement) => JSON.stringify(statement.Resource) === JSON.stringify(parentArnOf(queueId)),
      );
      expect(receives.flatMap(actionsOf)).toEqual(
        expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility']),
      );
    },
  );

  it.each(SAMPLE_WORKER_QUEUES)(
    'builds worker queue $id with its DLQ and no Lambda consumer',
    (definition) => {
      const queueId = logicalIdOf(
        'AWS::SQS::Queue',
        { QueueName: queueName(PREFIX, definition) },
        queuesTemplate,
      );
      queuesTemplate.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: deadLetterQueueName(PREFIX, definition),
        FifoQueue: true,
      });
      const mappings = template.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: { EventSourceArn: parentArnOf(queueId) },
      });
      expect(Object.keys(mappings)).toEqual([]);
      const producer = statementsOf(functionIdOf(definition.producers[0] as HandlerRef));
      expect(
        producer.some(
          (statement) =>
            actionsOf(statement).includes('sqs:SendMessage') &&
            JSON.stringify(statement.Resource) === JSON.stringify(parentArnOf(queueId)),
        ),
      ).toBe(true);
    },
  );
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
      workerQueues: [],
      schedules: SAMPLE_SCHEDULES,
      // A stream whose dispatcher does not exist either: no event source mapping, no failure queue.
      tables: [
        {
          ...MAIN_TABLE,
          stream: { ...MAIN_TABLE.stream!, handler: handlerRef('samples/missing-dispatcher') },
        },
      ],
    });
    partialTemplate.resourceCountIs('AWS::SQS::Queue', 0);
    Template.fromStack(partial.queues).resourceCountIs('AWS::SQS::Queue', SAMPLE_QUEUES.length * 2);
    partialTemplate.resourceCountIs('AWS::Lambda::EventSourceMapping', 0);
    partialTemplate.resourceCountIs('AWS::Events::Rule', 0);
    const warnings = Annotations.fromStack(partial).findWarning(
      '*',
      Match.stringLikeRegexp('does not exist yet'),
    );
    expect(warnings.length).toBeGreaterThanOrEqual(SAMPLE_QUEUES.length + SAMPLE_SCHEDULES.length - 1);
  });
});
