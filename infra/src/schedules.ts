import type { HandlerRef } from '@atende/shared/infra/handlers';
import { SCHEDULES, type ScheduleDefinition } from '@atende/shared/infra/schedules';
import { Annotations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export interface SchedulesProps {
  definitions?: readonly ScheduleDefinition[];
  /** The Lambda of a handler, or undefined when its module does not exist yet. */
  handler: (ref: HandlerRef) => lambda.IFunction | undefined;
}

/** One EventBridge rule per schedule definition, on the same rate the local runtime's timers use. */
export class Schedules extends Construct {
  readonly rules: events.Rule[] = [];

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const definition of props.definitions ?? SCHEDULES) {
      const fn = props.handler(definition.handler);
      if (!fn) {
        Annotations.of(this).addWarningV2(
          '@atende/infra:schedule-without-handler',
          `Schedule ${definition.id} is not created until its handler module exists.`,
        );
        continue;
      }
      this.rules.push(
        new events.Rule(this, definition.id, {
          description: definition.description,
          schedule: events.Schedule.expression(definition.expression),
          targets: [new targets.LambdaFunction(fn, { retryAttempts: 2 })],
        }),
      );
    }
  }
}
