import { SQSClient } from '@aws-sdk/client-sqs';
import { lazyClient } from './clients.ts';
import { config } from './config.ts';

export const sqsClient = /* @__PURE__ */ lazyClient(() => {
  const endpoint = config().sqsEndpoint;
  return new SQSClient(endpoint ? { endpoint } : {});
});
