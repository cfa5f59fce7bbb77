import { TABLES, type TableDefinition, tableName } from '@atende/shared/infra/tables';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

export interface DataProps {
  /** Physical table names are `${namePrefix}${table.id}`, the same rule functions/ applies to TABLE_PREFIX. */
  namePrefix: string;
  tables?: readonly TableDefinition[];
  /**
   * Browser origins allowed to PUT/GET media through presigned URLs (the app's); without them the stack sets
   * the rules once CloudFront's domain is known (bucket-cors.ts).
   */
  corsOrigins?: string[];
  /** Days an export file stays downloadable before S3 deletes it. */
  exportExpiryDays?: number;
}

const DEFAULT_EXPORT_EXPIRY_DAYS = 7;

/** What browsers do with the buckets: upload with presigned POST/PUT, read with presigned GET. */
export const MEDIA_CORS_METHODS = [
  s3.HttpMethods.GET,
  s3.HttpMethods.POST,
  s3.HttpMethods.PUT,
  s3.HttpMethods.HEAD,
];
export const EXPORTS_CORS_METHODS = [s3.HttpMethods.GET, s3.HttpMethods.POST, s3.HttpMethods.HEAD];

export const corsRule = (origins: string[], methods: s3.HttpMethods[]): s3.CorsRule => ({
  allowedMethods: methods,
  allowedOrigins: origins,
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag'],
  maxAge: 3000,
});

/** Settings every bucket of the stack shares: private, encrypted, TLS only, kept on stack deletion. */
export const privateBucketProps = (logs: s3.IBucket, logPrefix: string): s3.BucketProps => ({
  blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
  encryption: s3.BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  versioned: false,
  removalPolicy: RemovalPolicy.RETAIN,
  serverAccessLogsBucket: logs,
  serverAccessLogsPrefix: logPrefix,
});

/** DynamoDB tables from shared's definitions, the media and export buckets and the access-log bucket. */
export class Data extends Construct {
  readonly tables: dynamodb.Table[];
  readonly mediaBucket: s3.Bucket;
  readonly exportsBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    this.tables = (props.tables ?? TABLES).map((definition) => this.table(props.namePrefix, definition));

    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes through bucket ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    NagSuppressions.addResourceSuppressions(this.logsBucket, [
      { id: 'AwsSolutions-S1', reason: 'This is the access-log bucket; logging it into itself would loop.' },
    ]);

    const origins = props.corsOrigins;
    const cors = (methods: s3.HttpMethods[]): s3.CorsRule[] | undefined =>
      origins ? [corsRule(origins, methods)] : undefined;
    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      ...privateBucketProps(this.logsBucket, 'media/'),
      // Browsers upload through presigned POSTs (the policy pins key, type and size).
      cors: cors(MEDIA_CORS_METHODS),
    });
    // Exports are written by functions and downloaded by browsers; import files are uploaded by browsers with a
    // presigned POST under imports/ and expire with the rest.
    this.exportsBucket = new s3.Bucket(this, 'ExportsBucket', {
      ...privateBucketProps(this.logsBucket, 'exports/'),
      cors: cors(EXPORTS_CORS_METHODS),
      lifecycleRules: [
        { expiration: Duration.days(props.exportExpiryDays ?? DEFAULT_EXPORT_EXPIRY_DAYS) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
  }

  private table(prefix: string, definition: TableDefinition): dynamodb.Table {
    const key = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });
    const table = new dynamodb.Table(this, `Table-${definition.id}`, {
      tableName: tableName(prefix, definition),
      partitionKey: key(definition.partitionKey),
      sortKey: key(definition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
      ...(definition.ttlAttribute ? { timeToLiveAttribute: definition.ttlAttribute } : {}),
      ...(definition.stream ? { stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES } : {}),
    });
    for (const index of definition.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }
}
