import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** A Lambda context object like the one AWS passes, for handlers run by the local runtime. */
export function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: awsRequestId,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
