import { startDynamoDbLocal } from '../local/dynamodb.ts';
import { freePort } from '../local/ports.ts';

/**
 * vitest global setup: one in-memory DynamoDB Local for the whole run. Each test file makes its own tables
 * under a unique prefix (functions/src/testing/dynamodb.ts), so files never see each other's data.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const port = await freePort();
  const dynamodb = await startDynamoDbLocal({ port });
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  return () => dynamodb.stop();
}
