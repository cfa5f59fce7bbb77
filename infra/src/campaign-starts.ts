import { ENV } from '@atende/shared/infra/env';
import type { HandlerRef } from '@atende/shared/infra/handlers';
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

/** The Lambda a campaign's one-time start schedule invokes, and the one that creates and deletes schedules. */
export const CAMPAIGN_STARTS_HANDLER: HandlerRef = { module: 'campaigns/schedule', export: 'handler' };
export const CAMPAIGNS_API_HANDLER: HandlerRef = { module: 'campaigns/handler', export: 'handler' };

export interface CampaignStartsProps {
  namePrefix: string;
  /** Invoked by each one-time schedule (the campaign-starts schedule's Lambda). */
  target: lambda.IFunction;
  /** Creates a schedule when a campaign is scheduled, deletes it when the campaign is cancelled or started. */
  api: lambda.Function;
}

/**
 * EventBridge Scheduler for scheduled campaigns (functions/src/campaigns/start-schedule.ts): a schedule group
 * of one-time `at(...)` schedules, a role Scheduler assumes to invoke the campaign-starts Lambda with the
 * campaign's ids, and the campaigns API's right to create and delete schedules in that group only.
 */
export class CampaignStarts extends Construct {
  readonly group: scheduler.ScheduleGroup;
  readonly invoker: iam.Role;

  constructor(scope: Construct, id: string, props: CampaignStartsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.group = new scheduler.ScheduleGroup(this, 'Group', {
      scheduleGroupName: `${props.namePrefix}campaign-starts`,
    });
    this.invoker = new iam.Role(this, 'Invoker', {
      description: 'Assumed by EventBridge Scheduler to start a scheduled campaign',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    props.target.grantInvoke(this.invoker);
    this.group.grants.writeSchedules(props.api);
    this.group.grants.deleteSchedules(props.api);
    this.invoker.grantPassRole(props.api.grantPrincipal);
    props.api.addEnvironment(
      ENV.campaignStartScheduler,
      stack.toJsonString({
        group: this.group.scheduleGroupName,
        target: props.target.functionArn,
        role: this.invoker.roleArn,
      }),
    );
    NagSuppressions.addResourceSuppressions(
      props.api,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Each scheduled campaign gets its own one-time schedule, named after the campaign at run time: the ' +
            'statement names the schedules of the campaign-starts group only.',
          appliesTo: [
            { regex: '/^Resource::arn:<AWS::Partition>:scheduler:.*:schedule/.*campaign-starts/\\*$/g' },
          ],
        },
      ],
      true,
    );
    NagSuppressions.addResourceSuppressions(
      this.invoker,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            "grantInvoke also allows the function's versions and aliases (<arn>:*); it invokes only it.",
          appliesTo: [{ regex: '/^Resource::<.*\\.Arn>:\\*$/g' }],
        },
      ],
      true,
    );
  }
}
