import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { ENV } from '@atende/shared/infra/env';
import { handlerKey } from '@atende/shared/infra/handlers';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BUCKET_USERS } from '../src/access.ts';
import { ENCRYPTION_KEY_ARN_VARIABLE, JWT_SECRET_ARN_VARIABLE } from '../src/stacks/atende-stack.ts';
import { SAMPLE_REFS, synthSample } from './support.ts';
import { stackTemplates } from './template-paths.ts';

const { template, stack } = synthSample({ publicBaseUrl: 'https://app.example.com' });

type Resource = { Properties: Record<string, unknown> };

const nodeFunctions = template.findResources('AWS::Lambda::Function', {
  Properties: { Runtime: 'nodejs22.x' },
}) as Record<string, Resource>;

const variablesOf = (fn: Resource): Record<string, unknown> =>
  (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

type Statement = { Action: string | string[]; Resource: unknown };

const actionsOf = (statement: Statement): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

const statementsOf = (functionId: string): Statement[] => {
  const fn = nodeFunctions[functionId] as Resource;
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: [{ Ref: roleId }] },
  });
  return Object.values(policies).flatMap(
    (policy) =>
      (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
        .Statement,
  );
};

const statementsOfRole = (functionId: string): string => JSON.stringify(statementsOf(functionId));

const functionIdOf = (description: string): string => {
  const entry = Object.entries(nodeFunctions).find(([, fn]) => fn.Properties.Description === description);
  if (!entry) throw new Error(`no function ${description}`);
  return entry[0];
};

describe('Lambda functions', () => {
  it('builds one function per distinct handler', () => {
    const distinct = new Set(SAMPLE_REFS.map(handlerKey));
    expect(Object.keys(nodeFunctions)).toHaveLength(distinct.size);
  });

  it('runs every handler on Node.js 22, arm64, traced, calling the named export of an ESM bundle', () => {
    for (const fn of Object.values(nodeFunctions)) {
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      const [, exportName] = String(fn.Properties.Description).split('.');
      expect(fn.Properties.Handler).toBe(`index.${exportName}`);
    }
    expect(Object.values(nodeFunctions).some((fn) => fn.Properties.Handler === 'index.consume')).toBe(true);
  });

  it("configures functions through shared's environment names", () => {
    for (const fn of Object.values(nodeFunctions)) {
      expect(variablesOf(fn)).toMatchObject({
        [ENV.stage]: 'test',
        [ENV.tablePrefix]: 'atende-test-',
        [ENV.queuePrefix]: 'atende-test-',
        [ENV.mediaBucket]: { Ref: expect.stringMatching(/MediaBucket/) as unknown },
        [ENV.exportsBucket]: { Ref: expect.stringMatching(/ExportsBucket/) as unknown },
        [ENV.publicBaseUrl]: 'https://app.example.com',
      });
    }
  });

  it.each([
    { variable: JWT_SECRET_ARN_VARIABLE, plain: ENV.jwtSecret, secret: /JwtSecret/ },
    { variable: ENCRYPTION_KEY_ARN_VARIABLE, plain: ENV.encryptionKey, secret: /EncryptionKeySecret/ },
  ])('passes $variable by ARN only, of a generated secret every function may read', (expected) => {
    const secrets = Object.keys(template.findResources('AWS::SecretsManager::Secret'));
    const secretId = secrets.find((id) => expected.secret.test(id));
    expect(secretId).toBeDefined();
    for (const [id, fn] of Object.entries(nodeFunctions)) {
      expect(variablesOf(fn)[expected.variable]).toEqual({ Ref: secretId });
      expect(variablesOf(fn)[expected.plain]).toBeUndefined();
      const reads = statementsOf(id).filter(
        (statement) =>
          actionsOf(statement).includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource) === JSON.stringify({ Ref: secretId }),
      );
      expect(reads).toHaveLength(1);
    }
    template.resourcePropertiesCountIs(
      'AWS::SecretsManager::Secret',
      { GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true } },
      2,
    );
  });

  it('uses existing secrets when given their ARNs', () => {
    const jwt = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:atende/jwt-AbCdEf';
    const encryption = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:atende/encryption-GhIjKl';
    const { template: imported } = synthSample({ jwtSecretArn: jwt, encryptionKeySecretArn: encryption });
    imported.resourceCountIs('AWS::SecretsManager::Secret', 0);
    imported.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          [JWT_SECRET_ARN_VARIABLE]: jwt,
          [ENCRYPTION_KEY_ARN_VARIABLE]: encryption,
        }),
      },
    });
  });

  it('grants application functions the table and the authorizer only table reads', () => {
    const application = statementsOfRole(functionIdOf('account/handler.handler'));
    expect(application).toContain('dynamodb:PutItem');
    expect(application).toContain('execute-api:ManageConnections');
    const authorizer = statementsOfRole(
      functionIdOf(`${WEBSOCKET_API.authorizer.module}.${WEBSOCKET_API.authorizer.export}`),
    );
    expect(authorizer).toContain('dynamodb:GetItem');
    expect(authorizer).toContain('dynamodb:BatchGetItem');
    expect(authorizer).not.toContain('dynamodb:PutItem');
    expect(authorizer).not.toContain('s3:');
    expect(authorizer).not.toContain('sqs:SendMessage');
    expect(authorizer).not.toContain('execute-api:ManageConnections');
  });

  it('grants each bucket to the handlers BUCKET_USERS lists, at their access level, and to no other', () => {
    const buckets = { media: /MediaBucket/, exports: /ExportsBucket/ };
    for (const [id, fn] of Object.entries(nodeFunctions)) {
      for (const [bucket, pattern] of Object.entries(buckets)) {
        const user = BUCKET_USERS[bucket as keyof typeof buckets].find(
          ({ handler }) => `${handler.module}.${handler.export}` === fn.Properties.Description,
        );
        const onBucket = statementsOf(id).filter((statement) =>
          pattern.test(JSON.stringify(statement.Resource)),
        );
        const actions = onBucket.flatMap(actionsOf);
        const label = `${String(fn.Properties.Description)} on ${bucket}`;
        expect(actions.includes('s3:GetObject*'), label).toBe(user !== undefined);
        expect(actions.includes('s3:PutObject'), label).toBe(user?.access === 'readWrite');
      }
    }
    // The sample has both kinds: health reads media, the rest of its domains touch no bucket.
    const health = statementsOf(functionIdOf('health/handler.handler')).flatMap(actionsOf);
    expect(health).toContain('s3:GetObject*');
    expect(health).not.toContain('s3:PutObject');
    expect(statementsOfRole(functionIdOf('account/handler.handler'))).not.toContain('s3:');
  });

  it('keeps each function log group for a month, in the nested stack of the log groups', () => {
    const logs = stackTemplates(stack).find(({ key }) => key.startsWith('FunctionsLogs'));
    expect(logs, 'the log groups nested stack').toBeDefined();
    logs?.template.resourcePropertiesCountIs(
      'AWS::Logs::LogGroup',
      { RetentionInDays: 30 },
      Object.keys(nodeFunctions).length,
    );
    // Each function writes to its own group, which the parent reads from the nested stack's outputs.
    for (const fn of Object.values(nodeFunctions)) {
      expect(JSON.stringify(fn.Properties.LoggingConfig)).toContain('FunctionsLogs');
    }
  });
});
