import { S3Client } from '@aws-sdk/client-s3';
import { lazyClient } from './clients.ts';
import { config } from './config.ts';

export const s3Client = /* @__PURE__ */ lazyClient(() => {
  const cfg = config();
  return new S3Client({
    ...(cfg.s3Endpoint ? { endpoint: cfg.s3Endpoint } : {}),
    forcePathStyle: cfg.s3ForcePathStyle,
  });
});
