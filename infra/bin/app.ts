import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildStacks } from '../src/app.ts';

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
const domainName = context('domainName');
// `-c platformRollouts=manager,profile-manager`: flags on for every company (PLATFORM_ROLLOUTS).
const platformRollouts = context('platformRollouts')
  ?.split(',')
  .map((flag) => flag.trim())
  .filter((flag) => flag.length > 0);
const certificateArn = context('certificateArn');

// The region `cdk deploy` targets (the profile's); offline `npm run synth` has none and uses us-east-1.
const region = process.env.CDK_DEFAULT_REGION ?? context('region') ?? 'us-east-1';

buildStacks(app, {
  stage,
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region,
  description: `Atende (${stage}): web app, REST and WebSocket APIs, data, queues and schedules`,
  ...(corsOrigins ? { corsOrigins } : {}),
  ...(jwtSecretArn ? { jwtSecretArn } : {}),
  ...(encryptionKeySecretArn ? { encryptionKeySecretArn } : {}),
  ...(publicBaseUrl ? { publicBaseUrl } : {}),
  ...(platformRollouts ? { platformRollouts } : {}),
  ...(domainName && certificateArn ? { domain: { names: [domainName], certificateArn } } : {}),
});

Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
