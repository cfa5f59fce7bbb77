import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';

/**
 * SDK clients, built once per container and reused across invocations. Endpoints come from the environment,
 * so the same code talks to AWS or to the local runtime.
 */
interface Clients {
  dynamodb: DynamoDBClient;
  document: DynamoDBDocumentClient;
  sqs: SQSClient;
  s3: S3Client;
  websocket: ApiGatewayManagementApiClient | undefined;
}

let cached: Clients | undefined;

export function clients(): Clients {
  if (cached) return cached;
  const cfg = config();
  const dynamodb = new DynamoDBClient(cfg.dynamodbEndpoint ? { endpoint: cfg.dynamodbEndpoint } : {});
  cached = {
    dynamodb,
    document: DynamoDBDocumentClient.from(dynamodb, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }),
    sqs: new SQSClient(cfg.sqsEndpoint ? { endpoint: cfg.sqsEndpoint } : {}),
    s3: new S3Client({
      ...(cfg.s3Endpoint ? { endpoint: cfg.s3Endpoint } : {}),
      forcePathStyle: cfg.s3ForcePathStyle,
    }),
    websocket: cfg.websocketManagementEndpoint
      ? new ApiGatewayManagementApiClient({ endpoint: cfg.websocketManagementEndpoint })
      : undefined,
  };
  return cached;
}

export function resetClients(): void {
  cached?.dynamodb.destroy();
  cached?.sqs.destroy();
  cached?.s3.destroy();
  cached?.websocket?.destroy();
  cached = undefined;
}
