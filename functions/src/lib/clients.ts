import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';
import { awaitLocalTransactionCommits } from './dynamo/local-commit-barrier.ts';
import { retryLocalLockTimeouts } from './dynamo/local-lock-timeout.ts';

/**
 * SDK clients, built once per container and reused across invocations. Endpoints come from the environment,
 * so the same code talks to AWS or to the local runtime. DynamoDB is here; SQS, S3 and the WebSocket
 * management API have a module each (sqs-client.ts, s3-client.ts, websocket-client.ts), so a handler's bundle
 * holds only the SDK clients it calls (the S3 client alone is about 125 KB minified).
 */
interface Clients {
  dynamodb: DynamoDBClient;
  document: DynamoDBDocumentClient;
}

/**
 * How long a request to DynamoDB Local may go unanswered before it fails (and the SDK retries it as a timeout).
 * The SDK waits forever by default: an emulator request left unanswered under a bulk import held a contact
 * import's attempt (and its open S3 download) until the runtime stopped. In AWS the Lambda's own timeout bounds it.
 */
const EMULATOR_REQUEST_TIMEOUT_MS = 60_000;

export const emulatorClientConfig = (endpoint: string, requestTimeout = EMULATOR_REQUEST_TIMEOUT_MS) => ({
  endpoint,
  requestHandler: { requestTimeout, throwOnRequestTimeout: true },
});

let cached: Clients | undefined;
const resets = new Set<() => void>();

export function clients(): Clients {
  if (cached) return cached;
  const cfg = config();
  const dynamodb = new DynamoDBClient(cfg.dynamodbEndpoint ? emulatorClientConfig(cfg.dynamodbEndpoint) : {});
  // Any emulator may give up on its table lock under load; DynamoDB never does.
  if (cfg.dynamodbEndpoint) retryLocalLockTimeouts(dynamodb);
  // A DynamoDB Local keeping data on disk (the local runtime) must not lose an acknowledged transaction to a kill;
  // the tests' in-memory one loses everything on a kill anyway, so it goes without the extra call.
  if (cfg.dynamodbEndpoint && cfg.dynamodbLocalOnDisk) awaitLocalTransactionCommits(dynamodb);
  cached = {
    dynamodb,
    document: DynamoDBDocumentClient.from(dynamodb, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }),
  };
  return cached;
}

/**
 * A client of its own module, built on first use and dropped by `resetClients` (tests point the environment
 * elsewhere between runs). Call it as `/* @__PURE__ *\/ lazyClient(...)` at module scope: the call registers
 * its reset, so without the mark esbuild keeps it, and the SDK client with it, in every bundle that imports
 * the module without ever calling the client (the S3 client alone is about 150 KB).
 */
export function lazyClient<T extends { destroy(): void }>(create: () => T): () => T {
  let client: T | undefined;
  resets.add(() => {
    client?.destroy();
    client = undefined;
  });
  return () => (client ??= create());
}

/** Registers a reset run by `resetClients` (an in-process read cache drops what it holds, see read-cache.ts). */
export function onResetClients(reset: () => void): void {
  resets.add(reset);
}

export function resetClients(): void {
  cached?.dynamodb.destroy();
  cached = undefined;
  for (const reset of resets) reset();
}
