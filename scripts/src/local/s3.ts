import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { startS3Gate } from './s3-gate.ts';
import type { LocalCredentials } from './sigv4.ts';

export interface LocalS3 {
  endpoint: string;
  stop: () => Promise<void>;
}

/** Browsers upload media straight to the bucket with presigned requests, from the app's own origin only. */
const cors = (origins: readonly string[]) => `<CORSConfiguration>
  <CORSRule>
${origins.map((origin) => `    <AllowedOrigin>${origin}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** Uploads are buffered by the gate to be checked; media and import files stay well below this. */
const MAX_BODY_BYTES = 200 * 1024 * 1024;

/**
 * S3 of the local runtime: s3rver keeping objects under the data folder (path-style) on a loopback port of
 * its own, behind a gate on `host:port` that checks signatures and POST policies as S3 does.
 */
export async function startLocalS3(options: {
  port: number;
  host: string;
  directory: string;
  buckets: readonly string[];
  credentials: LocalCredentials;
  /** Origins the buckets' CORS rules allow (the app's). */
  allowedOrigins: readonly string[];
}): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [cors(options.allowedOrigins)] })),
  });
  const upstream = await server.run();
  try {
    const gate = await startS3Gate({
      host: options.host,
      port: options.port,
      upstream: { host: '127.0.0.1', port: upstream.port },
      credentials: options.credentials,
      maxBodyBytes: MAX_BODY_BYTES,
    });
    return {
      endpoint: gate.endpoint,
      stop: async () => {
        await gate.stop();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
