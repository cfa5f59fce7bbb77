import { ENV } from '@atende/shared/infra/env';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { EMAIL_RECEIPT_HANDLER, INBOUND_MAIL_PREFIX } from '../src/email.ts';
import { functionsRootWith, SAMPLE_QUEUES, SAMPLE_REFS, synthSample } from './support.ts';

const { stack, template } = synthSample({
  functionsRoot: functionsRootWith([...SAMPLE_REFS, EMAIL_RECEIPT_HANDLER]),
  // The receipt handler hands every mail to the inbound queue, so it is one of that queue's producers.
  queues: SAMPLE_QUEUES.map((queue) =>
    queue.id === 'inbound' ? { ...queue, producers: [...queue.producers, EMAIL_RECEIPT_HANDLER] } : queue,
  ),
  mailRecipients: ['atende.example.com'],
});

type Resource = { Properties: Record<string, unknown> };

const receiptFunctionId = (): string => {
  const functions = template.findResources('AWS::Lambda::Function', {
    Properties: { Description: 'channels/email/receipt-handler.handler' },
  }) as Record<string, Resource>;
  const [id] = Object.keys(functions);
  if (!id) throw new Error('no receipt handler function');
  return id;
};

describe('inbound e-mail', () => {
  it('stores mail in a private bucket and invokes the receipt handler from one SES rule', () => {
    const functionId = receiptFunctionId();
    const buckets = template.findResources('AWS::S3::Bucket', {
      Properties: {
        LifecycleConfiguration: {
          Rules: [Match.objectLike({ Prefix: INBOUND_MAIL_PREFIX, ExpirationInDays: 30 })],
        },
      },
    });
    const [bucketId] = Object.keys(buckets);
    expect(bucketId).toBeDefined();
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true }),
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'inbound-mail/' }),
    });

    template.resourceCountIs('AWS::SES::ReceiptRuleSet', 1);
    template.hasResourceProperties('AWS::SES::ReceiptRule', {
      Rule: Match.objectLike({
        Enabled: true,
        ScanEnabled: true,
        TlsPolicy: 'Require',
        Recipients: ['atende.example.com'],
        Actions: [
          {
            S3Action: Match.objectLike({
              BucketName: { Ref: bucketId },
              ObjectKeyPrefix: INBOUND_MAIL_PREFIX,
            }),
          },
          {
            LambdaAction: Match.objectLike({
              FunctionArn: { 'Fn::GetAtt': [functionId, 'Arn'] },
              InvocationType: 'Event',
            }),
          },
        ],
      }),
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [functionId, 'Arn'] },
      Principal: 'ses.amazonaws.com',
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 's3:PutObject', Principal: { Service: 'ses.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('tells the handler where the rule stores mail and lets it read there, write media and enqueue', () => {
    const fn = template.findResources('AWS::Lambda::Function')[receiptFunctionId()] as Resource;
    const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables[ENV.inboundMailBucket]).toEqual({
      Ref: expect.stringMatching(/InboundEmailMailBucket/),
    });
    expect(variables[ENV.inboundMailPrefix]).toBe(INBOUND_MAIL_PREFIX);
    expect(fn.Properties.Timeout).toBe(120);
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const policies = JSON.stringify(
      template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
    );
    for (const action of ['s3:GetObject*', 's3:PutObject', 'sqs:SendMessage', 'dynamodb:Scan']) {
      expect(policies).toContain(action);
    }
  });

  it('passes cdk-nag without unsuppressed findings', () => {
    const annotations = Annotations.fromStack(stack);
    const rule = Match.stringLikeRegexp('AwsSolutions-.*');
    expect(annotations.findError('*', rule)).toEqual([]);
    expect(annotations.findWarning('*', rule)).toEqual([]);
  });

  it('is left out while the handler module does not exist', () => {
    const { stack, template: sample } = synthSample();
    expect(stack.inboundEmail).toBeUndefined();
    sample.resourceCountIs('AWS::SES::ReceiptRuleSet', 0);
  });
});
