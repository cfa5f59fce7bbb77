import { ENV } from '@atende/shared/infra/env';
import { MAIN_TABLE, tableName } from '@atende/shared/infra/tables';
import * as z from 'zod';

const optionalUrl = z.string().url().optional();

const environmentSchema = z.object({
  [ENV.stage]: z.string().default('local'),
  [ENV.tablePrefix]: z.string().default('atende-local-'),
  [ENV.dynamodbEndpoint]: optionalUrl,
  [ENV.dynamodbLocalOnDisk]: z.enum(['true', 'false']).optional(),
  [ENV.sqsEndpoint]: optionalUrl,
  [ENV.s3Endpoint]: optionalUrl,
  [ENV.s3ForcePathStyle]: z.enum(['true', 'false']).optional(),
  [ENV.websocketManagementEndpoint]: optionalUrl,
  [ENV.mediaBucket]: z.string().default('atende-local-media'),
  [ENV.exportsBucket]: z.string().default('atende-local-exports'),
  [ENV.queueUrls]: z.string().default('{}'),
  [ENV.localEndpoints]: z.string().optional(),
  [ENV.platformRollouts]: z.string().default(''),
});

export interface Config {
  stage: string;
  mainTable: string;
  dynamodbEndpoint: string | undefined;
  /** The endpoint is a DynamoDB Local whose data must survive a kill (the local runtime), not the tests' in-memory one. */
  dynamodbLocalOnDisk: boolean;
  sqsEndpoint: string | undefined;
  s3Endpoint: string | undefined;
  s3ForcePathStyle: boolean;
  websocketManagementEndpoint: string | undefined;
  mediaBucket: string;
  exportsBucket: string;
  /** Queue id → queue URL. */
  queueUrls: Record<string, string>;
  /** Local runtime only: endpoints shown by /api/health. */
  localEndpoints: Record<string, string> | undefined;
  /** Rollout flags on for every company (spec point 5: some of them a company's blacklist turns off). */
  platformRollouts: string[];
}

let cached: Config | undefined;

function parseLocalEndpoints(value: string | undefined): Record<string, string> | undefined {
  return value ? z.record(z.string(), z.string()).parse(JSON.parse(value)) : undefined;
}

/** The function's configuration, read once from a validated environment. */
export function config(): Config {
  if (cached) return cached;
  const env = environmentSchema.parse(process.env);
  cached = {
    stage: env[ENV.stage],
    mainTable: tableName(env[ENV.tablePrefix], MAIN_TABLE),
    dynamodbEndpoint: env[ENV.dynamodbEndpoint],
    dynamodbLocalOnDisk: env[ENV.dynamodbLocalOnDisk] === 'true',
    sqsEndpoint: env[ENV.sqsEndpoint],
    s3Endpoint: env[ENV.s3Endpoint],
    s3ForcePathStyle: env[ENV.s3ForcePathStyle] === 'true',
    websocketManagementEndpoint: env[ENV.websocketManagementEndpoint],
    mediaBucket: env[ENV.mediaBucket],
    exportsBucket: env[ENV.exportsBucket],
    queueUrls: z.record(z.string(), z.string()).parse(JSON.parse(env[ENV.queueUrls] ?? '{}')),
    localEndpoints: parseLocalEndpoints(env[ENV.localEndpoints]),
    platformRollouts: env[ENV.platformRollouts]
      .split(',')
      .map((flag) => flag.trim())
      .filter((flag) => flag.length > 0),
  };
  return cached;
}

/** Tests and the local runtime change the environment between runs; this forgets the cached reading. */
export function resetConfig(): void {
  cached = undefined;
}
