import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  stop: () => Promise<void>;
}

/** Browsers upload media straight to the bucket with presigned requests, so the buckets allow CORS. */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** S3 of the local runtime: s3rver keeping objects under the data folder, path-style, any credentials. */
export async function startLocalS3(options: {
  port: number;
  host: string;
  directory: string;
  buckets: readonly string[];
}): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: options.host,
    port: options.port,
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [CORS] })),
  });
  const address = await server.run();
  return {
    endpoint: `http://${options.host}:${address.port}`,
    stop: () => server.close(),
  };
}
