import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { ENV } from '@atende/shared/infra/env';
import { handlerKey } from '@atende/shared/infra/handlers';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { JWT_SECRET_ARN_VARIABLE } from '../src/stacks/atende-stack.ts';
import { SAMPLE_REFS, synthSample } from './support.ts';

const { template } = synthSample({ publicBaseUrl: 'https://app.example.com' });

type Resource = { Properties: Record<string, unknown> };

const nodeFunctions = template.findResources('AWS::Lambda::Function', {
  Properties: { Runtime: 'nodejs22.x' },
}) as Record<string, Resource>;

const variablesOf = (fn: Resource): Record<string, unknown> =>
  (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

const statementsOfRole = (functionId: string): string => {
  const fn = nodeFunctions[functionId] as Resource;
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: [{ Ref: roleId }] },
  });
  return JSON.stringify(Object.values(policies));
};

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

  it('passes the signing secret by ARN only and lets every function read it', () => {
    const secretId = Object.keys(template.findResources('AWS::SecretsManager::Secret'))[0] as string;
    for (const [id, fn] of Object.entries(nodeFunctions)) {
      expect(variablesOf(fn)[JWT_SECRET_ARN_VARIABLE]).toEqual({ Ref: secretId });
      expect(variablesOf(fn)[ENV.jwtSecret]).toBeUndefined();
      expect(statementsOfRole(id)).toContain('secretsmanager:GetSecretValue');
    }
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
  });

  it('uses an existing secret when given its ARN', () => {
    const arn = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:atende/jwt-AbCdEf';
    const { template: imported } = synthSample({ jwtSecretArn: arn });
    imported.resourceCountIs('AWS::SecretsManager::Secret', 0);
    imported.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ [JWT_SECRET_ARN_VARIABLE]: arn }) },
    });
  });

  it('grants application functions the table, buckets and queues, and the authorizer only table reads', () => {
    const application = statementsOfRole(functionIdOf('account/handler.handler'));
    expect(application).toContain('dynamodb:PutItem');
    expect(application).toContain('s3:PutObject');
    expect(application).toContain('sqs:SendMessage');
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

  it('keeps each function log group for a month', () => {
    template.resourcePropertiesCountIs(
      'AWS::Logs::LogGroup',
      { RetentionInDays: 30 },
      Object.keys(nodeFunctions).length,
    );
  });
});
