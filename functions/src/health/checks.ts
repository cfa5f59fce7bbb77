import { GetConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { ListQueuesCommand } from '@aws-sdk/client-sqs';
import { clients } from '../lib/clients.ts';
import { s3Client } from '../lib/s3-client.ts';
import { sqsClient } from '../lib/sqs-client.ts';
import { websocketClient } from '../lib/websocket-client.ts';
import { config } from '../lib/config.ts';
import type { HealthChecks } from './service.ts';

/** A connection id that never exists: the management API answering "gone" proves it is reachable. */
const PROBE_CONNECTION_ID = 'health-probe';

export const awsHealthChecks: HealthChecks = {
  dynamodb: async () => {
    await clients().dynamodb.send(new DescribeTableCommand({ TableName: config().mainTable }));
  },
  queues: async () => {
    await sqsClient().send(new ListQueuesCommand({ MaxResults: 1 }));
  },
  s3: async () => {
    await s3Client().send(new HeadBucketCommand({ Bucket: config().mediaBucket }));
  },
  websocket: async () => {
    const management = websocketClient();
    if (!management) throw new Error('no websocket management endpoint');
    try {
      await management.send(new GetConnectionCommand({ ConnectionId: PROBE_CONNECTION_ID }));
    } catch (error) {
      if (error instanceof GoneException) return;
      throw error;
    }
  },
};
