import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AtendeStack } from '../src/stacks/atende-stack.ts';

const app = new App();

const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

const stage = context('stage') ?? 'prod';
const corsOrigins = context('corsOrigins')
  ?.split(',')
  .map((origin) => origin.trim());
const jwtSecretArn = context('jwtSecretArn');
const encryptionKeySecretArn = context('encryptionKeySecretArn');
const publicBaseUrl = context('publicBaseUrl');

new AtendeStack(app, `atende-${stage}`, {
  stage,
  description: `Atende (${stage}): web app, REST and WebSocket APIs, data, queues and schedules`,
  ...(corsOrigins ? { corsOrigins } : {}),
  ...(jwtSecretArn ? { jwtSecretArn } : {}),
  ...(encryptionKeySecretArn ? { encryptionKeySecretArn } : {}),
  ...(publicBaseUrl ? { publicBaseUrl } : {}),
});

Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
