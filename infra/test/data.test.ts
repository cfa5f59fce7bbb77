import { MAIN_TABLE, type TableDefinition, tableName } from '@atende/shared/infra/tables';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synth, synthSample } from './support.ts';

const { template } = synthSample();

const AUDIT_TABLE: TableDefinition = {
  id: 'audit',
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [{ name: 'byActor', partitionKey: 'actorPk', sortKey: 'actorSk' }],
};

describe('DynamoDB tables from shared definitions', () => {
  it('builds the main table with its keys, GSIs, TTL, PITR and encryption, kept on stack deletion', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        TableName: tableName('atende-test-', MAIN_TABLE),
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: MAIN_TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: MAIN_TABLE.sortKey, KeyType: 'RANGE' },
        ],
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        TimeToLiveSpecification: { AttributeName: MAIN_TABLE.ttlAttribute, Enabled: true },
        GlobalSecondaryIndexes: MAIN_TABLE.indexes.map((index) =>
          Match.objectLike({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          }),
        ),
      },
    });
  });

  it('builds whatever tables it is given, without TTL when the definition has none', () => {
    const custom = synth({ tables: [AUDIT_TABLE] }).template;
    custom.resourceCountIs('AWS::DynamoDB::Table', 1);
    custom.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'atende-test-audit',
      TimeToLiveSpecification: Match.absent(),
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'byActor' })],
    });
  });
});

describe('S3 buckets', () => {
  const buckets = Object.values(template.findResources('AWS::S3::Bucket')) as {
    Properties: Record<string, unknown>;
    DeletionPolicy?: string;
  }[];

  it('keeps every bucket private and encrypted', () => {
    expect(buckets.length).toBeGreaterThanOrEqual(4);
    for (const bucket of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
      expect(bucket.DeletionPolicy).toBe('Retain');
    }
  });

  it('refuses plain-HTTP access on every bucket', () => {
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(buckets.length);
    for (const policy of policies) {
      expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it("lets browsers POST media and import files from the app's origin only, and expires exports", () => {
    const { template: configured } = synthSample({ corsOrigins: ['https://app.atende.example'] });
    configured.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: Match.arrayWith(['POST', 'PUT']),
            AllowedOrigins: ['https://app.atende.example'],
          }),
        ],
      },
      LifecycleConfiguration: Match.absent(),
    });
    configured.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: ['GET', 'POST', 'HEAD'],
            AllowedOrigins: ['https://app.atende.example'],
          }),
        ],
      },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ ExpirationInDays: 7, Status: 'Enabled' })]),
      },
    });
    expect(JSON.stringify(configured.findResources('AWS::S3::Bucket'))).not.toContain(
      '"AllowedOrigins":["*"]',
    );
  });

  it("sets the buckets' CORS to the CloudFront domain once it exists when no origin is configured", () => {
    const buckets = Object.values(template.findResources('AWS::S3::Bucket'));
    expect(buckets.every((bucket) => bucket.Properties?.CorsConfiguration === undefined)).toBe(true);
    const calls = Object.values(template.findResources('Custom::AWS')).map((resource) =>
      JSON.stringify(resource.Properties?.Create),
    );
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call).toContain('putBucketCors');
      expect(call).toContain('https://');
      expect(call).toContain('DomainName');
    }
  });
});
