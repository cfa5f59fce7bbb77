import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** The account and region the emulated API Gateway and Lambda claim (tests and the local runtime alike). */
export const EMULATED_ACCOUNT = '000000000000';
export const EMULATED_REGION = 'us-east-1';

/**
 * A Lambda context like the one AWS passes, for handlers run outside Lambda (the tests' gateway and the
 * local runtime): the remaining time counts down from the function's timeout.
 */
export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const deadline = Date.now() + timeoutMs;
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${EMULATED_REGION}:${EMULATED_ACCOUNT}:function:${functionName}`,
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
