import { ENV } from '@atende/shared/infra/env';
import { handlerRef } from '@atende/shared/infra/handlers';
import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as actions from 'aws-cdk-lib/aws-ses-actions';
import { Construct } from 'constructs';
import { privateBucketProps } from './data.ts';

/** The SES receipt handler of functions/ (parse the stored mail, hand it to the inbox). */
export const EMAIL_RECEIPT_HANDLER = handlerRef('channels/email/receipt-handler');

/** Where the S3 action writes each mail: `${prefix}${SES message id}`, the key the handler reads back. */
export const INBOUND_MAIL_PREFIX = 'inbound/';

/** Raw mails are only needed until parsed; a month leaves room to replay a failed one. */
const INBOUND_MAIL_RETENTION = Duration.days(30);

export interface InboundEmailProps {
  handler: lambda.Function;
  logsBucket: s3.IBucket;
  /**
   * Addresses or domains the rule accepts (SES `Recipients`); all recipients of the account's verified
   * domains when absent.
   */
  recipients?: string[];
}

/**
 * Inbound e-mail: an SES receipt rule set whose rule stores each mail in a private bucket (S3 action) and then
 * invokes the receipt handler with the envelope (Lambda action, asynchronous), so the handler always finds the
 * object. SES allows one active rule set per region and CloudFormation cannot activate one: after the first
 * deploy run `aws ses set-active-receipt-rule-set --rule-set-name <RuleSetName output>` once, and point the
 * domains' MX records at `inbound-smtp.<region>.amazonaws.com`.
 */
export class InboundEmail extends Construct {
  readonly bucket: s3.Bucket;
  readonly ruleSet: ses.ReceiptRuleSet;

  constructor(scope: Construct, id: string, props: InboundEmailProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'MailBucket', {
      ...privateBucketProps(props.logsBucket, 'inbound-mail/'),
      lifecycleRules: [{ prefix: INBOUND_MAIL_PREFIX, expiration: INBOUND_MAIL_RETENTION }],
    });
    this.bucket.grantRead(props.handler);
    props.handler.addEnvironment(ENV.inboundMailBucket, this.bucket.bucketName);
    props.handler.addEnvironment(ENV.inboundMailPrefix, INBOUND_MAIL_PREFIX);

    this.ruleSet = new ses.ReceiptRuleSet(this, 'RuleSet');
    this.ruleSet.addRule('StoreAndIngest', {
      enabled: true,
      scanEnabled: true,
      tlsPolicy: ses.TlsPolicy.REQUIRE,
      ...(props.recipients ? { recipients: props.recipients } : {}),
      actions: [
        new actions.S3({ bucket: this.bucket, objectKeyPrefix: INBOUND_MAIL_PREFIX }),
        new actions.Lambda({ function: props.handler, invocationType: actions.LambdaInvocationType.EVENT }),
      ],
    });
  }
}
