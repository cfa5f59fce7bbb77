import { ENV } from '@atende/shared/infra/env';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STARTS_HANDLER, CAMPAIGNS_API_HANDLER } from '../src/campaign-starts.ts';
import { functionsRootWith, SAMPLE_DOMAINS, SAMPLE_REFS, SAMPLE_SCHEDULES, synthSample } from './support.ts';

type Resource = { Properties: Record<string, unknown> };

const { stack, template } = synthSample({
  domains: { ...SAMPLE_DOMAINS, campaigns: { handler: CAMPAIGNS_API_HANDLER } },
  schedules: [
    ...SAMPLE_SCHEDULES,
    {
      id: 'campaign-starts',
      expression: 'rate(1 minute)',
      handler: CAMPAIGN_STARTS_HANDLER,
      description: 'Starts due campaigns',
    },
  ],
  functionsRoot: functionsRootWith([...SAMPLE_REFS, CAMPAIGNS_API_HANDLER, CAMPAIGN_STARTS_HANDLER]),
});

const functionId = (description: string): string => {
  const found = template.findResources('AWS::Lambda::Function', {
    Properties: { Description: description },
  }) as Record<string, Resource>;
  const [id] = Object.keys(found);
  if (!id) throw new Error(`no function ${description}`);
  return id;
};

describe('campaign starts on EventBridge Scheduler', () => {
  it('has a schedule group and a role only Scheduler of this account assumes, allowed to invoke the starts Lambda', () => {
    expect(stack.campaignStarts).toBeDefined();
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'atende-test-campaign-starts' });
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
          }),
        ],
      }),
    });
    const starts = functionId('campaigns/schedule.handler');
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'lambda:InvokeFunction',
            Resource: Match.arrayWith([{ 'Fn::GetAtt': [starts, 'Arn'] }]),
          }),
        ]),
      }),
      Roles: [{ Ref: Match.stringLikeRegexp('CampaignStartsInvoker') }],
    });
  });

  it('lets the campaigns API create and delete schedules of that group, pass the role, and tells it where', () => {
    const api = functionId('campaigns/handler.handler');
    const fn = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: 'campaigns/handler.handler' },
    }) as Record<string, Resource>;
    const variables = (fn[api]?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(JSON.stringify(variables[ENV.campaignStartScheduler])).toContain('campaign-starts');
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('scheduler:CreateSchedule');
    expect(policies).toContain('scheduler:DeleteSchedule');
    expect(policies).toContain('iam:PassRole');
    expect(policies).toContain('campaign-starts/*');
  });

  it('leaves nothing for cdk-nag to report', () => {
    const rule = Match.stringLikeRegexp('AwsSolutions-.*');
    const annotations = Annotations.fromStack(stack);
    const found = [...annotations.findError('*', rule), ...annotations.findWarning('*', rule)];
    expect(found.map((entry) => `${entry.id}: ${String(entry.entry.data)}`)).toEqual([]);
  });
});
