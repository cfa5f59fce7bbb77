import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Stack } from 'aws-cdk-lib';
import * as cr from 'aws-cdk-lib/custom-resources';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

export interface BucketCorsProps {
  buckets: Array<{ bucket: s3.IBucket; methods: s3.HttpMethods[] }>;
  /** The app's origin, e.g. `https://d111.cloudfront.net`. */
  origin: string;
}

/**
 * Sets the buckets' CORS to the app's CloudFront origin after the distribution exists. A CORS rule on the
 * bucket resource itself would make a cycle: the functions name the buckets, the API calls the functions and
 * CloudFront fronts the API. Used only when no origin is configured (corsOrigins, a custom domain).
 */
export class BucketCors extends Construct {
  constructor(scope: Construct, id: string, props: BucketCorsProps) {
    super(scope, id);
    props.buckets.forEach(({ bucket, methods }, index) => {
      const call: cr.AwsSdkCall = {
        service: 'S3',
        action: 'putBucketCors',
        parameters: {
          Bucket: bucket.bucketName,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: [props.origin],
                AllowedMethods: methods,
                AllowedHeaders: ['*'],
                ExposeHeaders: ['ETag'],
                MaxAgeSeconds: 3000,
              },
            ],
          },
        },
        physicalResourceId: cr.PhysicalResourceId.of(`${id}-${index}`),
      };
      const resource = new cr.AwsCustomResource(this, `Cors${index}`, {
        onCreate: call,
        onUpdate: call,
        policy: cr.AwsCustomResourcePolicy.fromSdkCalls({ resources: [bucket.bucketArn] }),
        installLatestAwsSdk: false,
      });
      NagSuppressions.addResourceSuppressions(
        resource,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason: 'CDK AwsCustomResource policy is scoped to this one bucket ARN.',
          },
        ],
        true,
      );
    });
    // The provider Lambda CDK shares between every AwsCustomResource of the stack.
    const provider = Stack.of(this).node.tryFindChild(
      `AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`,
    );
    if (provider) {
      NagSuppressions.addResourceSuppressions(
        provider,
        [
          {
            id: 'AwsSolutions-IAM4',
            reason: 'CDK AwsCustomResource handler logs with AWSLambdaBasicExecutionRole.',
          },
          { id: 'AwsSolutions-L1', reason: 'CDK owns the AwsCustomResource handler and its runtime.' },
        ],
        true,
      );
    }
  }
}
