import { GetConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { ListQueuesCommand } from '@aws-sdk/client-sqs';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import type { HealthChecks } from './service.ts';

/** A connection id that never exists: the management API answering "gone" proves it is reachable. */
const PROBE_CONNECTION_ID = 'health-probe';

export const awsHealthChecks: HealthChecks = {
  dynamodb: async () => {
    await clients().dynamodb.send(new DescribeTableCommand({ TableName: config().mainTable }));
  },
  queues: async () => {
    await clients().sqs.send(new ListQueuesCommand({ MaxResults: 1 }));
  },
  s3: async () => {
    await clients().s3.send(new HeadBucketCommand({ Bucket: config().mediaBucket }));
  },
  websocket: async () => {
    const management = clients().websocket;
    if (!management) throw new Error('no websocket management endpoint');
    try {
      await management.send(new GetConnectionCommand({ ConnectionId: PROBE_CONNECTION_ID }));
    } catch (error) {
      if (error instanceof GoneException) return;
      throw error;
    }
  },
};
