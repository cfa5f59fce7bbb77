import { ENV } from '@atende/shared/infra/env';
import { Aws } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { NagSuppressions } from 'cdk-nag';

const apigatewayArn = (path: string) => `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}::${path}`;

/**
 * Lets the API-keys Lambda give each public-API key its own API Gateway key and usage plan on the REST API's
 * stage (functions/src/api-keys/usage-plans.ts) and remove them on revocation. Only statements on the
 * function's existing role policy and two variables: no resource is added to the stack. The stage goes by
 * name, not by reference: the stage depends on the deployment, the deployment on the methods, the methods on
 * this very function.
 */
export function grantKeyUsagePlans(fn: lambda.Function, restApi: apigw.RestApi, stageName: string): void {
  fn.addEnvironment(ENV.restApiId, restApi.restApiId);
  fn.addEnvironment(ENV.restApiStage, stageName);
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['apigateway:POST'],
      resources: [
        apigatewayArn('/apikeys'),
        apigatewayArn('/usageplans'),
        apigatewayArn('/usageplans/*/keys'),
      ],
    }),
  );
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['apigateway:PATCH', 'apigateway:DELETE'],
      resources: [apigatewayArn('/apikeys/*'), apigatewayArn('/usageplans/*')],
    }),
  );
  NagSuppressions.addResourceSuppressions(
    fn,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'API keys and usage plans are created at run time, one per public-API key, so their ids are not known ' +
          'at deploy time: the statements name the API Gateway paths of keys and usage plans only.',
        appliesTo: [
          'Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/usageplans/*/keys',
          'Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/apikeys/*',
          'Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/usageplans/*',
        ],
      },
    ],
    true,
  );
}
