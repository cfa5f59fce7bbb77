/**
 * Entry point of the session worker's container (see worker.ts for why it is not a Lambda). Configuration
 * comes from the environment like the Lambdas' (functions/src/lib/config.ts): TABLE_PREFIX, QUEUE_URLS
 * (with `whatsapp-session-commands` and `inbound`), MEDIA_BUCKET, ENCRYPTION_KEY, WEBSOCKET_MANAGEMENT_ENDPOINT,
 * AWS_REGION; WHATSAPP_SESSION_DRIVER defaults to `baileys`. The local runtime does not use this file: it
 * starts the worker in-process (scripts/src/local/runtime.ts), with the sandbox driver by default.
 */
import { ENV } from '@atende/shared/infra/env';
import { logger } from '../../lib/logger.ts';
import { loadSessionDriver, SESSION_DRIVER_ENV } from './drivers.ts';
import { startSessionWorker } from './worker.ts';

async function main(): Promise<void> {
  if (!process.env[ENV.encryptionKey]) throw new Error(`${ENV.encryptionKey} is not configured`);
  const name = process.env[SESSION_DRIVER_ENV] ?? 'baileys';
  if (name !== 'baileys') {
    throw new Error(
      `${SESSION_DRIVER_ENV}=${name}: a standalone worker only drives Baileys; the sandbox driver runs inside the local runtime`,
    );
  }
  const worker = await startSessionWorker({ driver: await loadSessionDriver('baileys') });
  logger.info('whatsapp session worker started', {});
  const shutdown = (signal: string) => {
    logger.info('whatsapp session worker stopping', { signal });
    worker.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  logger.error('whatsapp session worker failed to start', {
    error: error instanceof Error ? error.message : String(error),
  });
  process.exit(1);
});
