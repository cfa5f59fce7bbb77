import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { provideSmtpTransport } from '@atende/functions/channels/email/environment-transport';
import { smtpTransport } from '@atende/functions/channels/email/smtp-transport';
import { ensureTables } from '@atende/functions/lib/tables';
import { ROUTES } from '@atende/shared/contracts/manifest';
import { DOMAINS, type RouteContract } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { DEFAULT_HELP_LINKS } from '@atende/shared/domain/constants';
import { ENV } from '@atende/shared/infra/env';
import { deadLetterQueueName, QUEUES, queueName, WORKER_QUEUES } from '@atende/shared/infra/queues';
import { SCHEDULES } from '@atende/shared/infra/schedules';
import { TABLES, tableName } from '@atende/shared/infra/tables';
import { createProviderSandbox, type ProviderSandbox } from '../sandbox/server.ts';
import { SANDBOX_RD_CLIENT } from '../sandbox/rdstation-marketing-fake.ts';
import { startDynamoDbLocal } from './dynamodb.ts';
import { emailInbound } from './email-inbound.ts';
import { createRestGateway, type Authorizer, type RestHandler } from './gateway/rest.ts';
import { invoke, loadHandler } from './handlers.ts';
import { startLocalS3 } from './s3.ts';
import { startSchedules } from './schedules.ts';
import { localSecrets } from './secrets.ts';
import { signedEndpoint } from './signed-endpoints.ts';
import type { LocalCredentials } from './sigv4.ts';
import { createLocalSqs } from './sqs/server.ts';
import { startQueuePoller } from './sqs/poller.ts';
import { appSecurityHeaders } from './security-headers.ts';
import { type StreamPoller, startStreamPoller } from './streams/poller.ts';
import { createStaticWeb } from './static-web.ts';
import { createWebSocketGateway } from './websocket/gateway.ts';
import { lambdaContext } from '@atende/functions/lib/gateway/lambda-context';

export interface RuntimeOptions {
  port: number;
  host: string;
  dataDir: string;
  dynamodbPort: number;
  s3Port: number;
  /** The provider sandbox's HTTP port (fake Meta, 360dialog, Gupshup, Telegram APIs). */
  sandboxPort: number;
  /** The sandbox's SMTP port: outbound e-mail lands there, and mail to an integration's address is inbound. */
  smtpPort: number;
  webRoot: string;
  productSlug: string;
  /** Prints one line per request and the runtime's own notices. */
  log: (line: string) => void;
}

export interface Runtime {
  url: string;
  endpoints: { dynamodb: string; sqs: string; s3: string; websocketManagement: string };
  /** The provider fakes the adapters talk to: what was sent, failures on demand, playing the customer. */
  sandbox: ProviderSandbox;
  /** The generated key pair the local AWS endpoints check SigV4 signatures against (the SDK signs with it). */
  credentials: LocalCredentials;
  /** Whether every table's stream poller has read its stream to the end (its last pass found nothing new). */
  streamsIdle: () => boolean;
  stop: () => Promise<void>;
}

export const MEDIA_BUCKET = 'atende-local-media';
export const EXPORTS_BUCKET = 'atende-local-exports';
export const TABLE_PREFIX = 'atende-local-';
export const QUEUE_PREFIX = 'atende-local-';
/** Poll loops per FIFO queue (Lambda scales its FIFO pollers with the active message groups). */
const FIFO_POLLERS = 4;

/**
 * The unofficial WhatsApp session worker, in-process (in AWS it is a container service): on the sandbox's
 * fake WhatsApp by default, since there is no internet here; WHATSAPP_SESSION_DRIVER=baileys links a real
 * phone instead.
 */
async function startWhatsappSessionWorker(sandbox: ProviderSandbox, log: (line: string) => void) {
  const { loadSessionDriver, SESSION_DRIVER_ENV } =
    await import('@atende/functions/channels/whatsapp-session/drivers');
  const { startSessionWorker } = await import('@atende/functions/channels/whatsapp-session/worker');
  const name = process.env[SESSION_DRIVER_ENV] === 'baileys' ? 'baileys' : 'sandbox';
  const worker = await startSessionWorker({ driver: await loadSessionDriver(name, sandbox.whatsappSession) });
  log(`whatsapp session worker: ${name} driver`);
  return worker;
}

export function runtimeOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): RuntimeOptions {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    dynamodbPort: Number(env.DYNAMODB_PORT ?? port + 1),
    s3Port: Number(env.S3_PORT ?? port + 2),
    sandboxPort: Number(env.SANDBOX_PORT ?? port + 3),
    smtpPort: Number(env.SMTP_PORT ?? port + 4),
    webRoot: resolve(env.WEB_ROOT ?? 'web/dist'),
    productSlug: env.PRODUCT_SLUG ?? 'atende',
    log: (line) => console.log(line),
  };
}

/**
 * The local runtime: DynamoDB Local, the REST and WebSocket gateways, local SQS with its poller, schedules,
 * s3rver and the built web app, on one port, running the same handler modules as AWS; the provider sandbox
 * (with its SMTP server) stands in for the channel providers and SES on ports of its own.
 */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { host, port, dataDir, log } = options;
  const baseUrl = `http://${host}:${port}`;
  const secrets = localSecrets(dataDir);
  const credentials: LocalCredentials = {
    accessKeyId: secrets.awsAccessKeyId,
    secretAccessKey: secrets.awsSecretAccessKey,
  };
  const stops: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };

  try {
    const dynamodb = await startDynamoDbLocal({
      port: options.dynamodbPort,
      host,
      dbPath: join(dataDir, 'dynamodb'),
    });
    stops.push(() => dynamodb.stop());
    const s3 = await startLocalS3({
      port: options.s3Port,
      host,
      directory: join(dataDir, 's3'),
      buckets: [MEDIA_BUCKET, EXPORTS_BUCKET],
      credentials,
      allowedOrigins: [baseUrl],
    });
    stops.push(() => s3.stop());

    const sandbox = await createProviderSandbox({
      port: options.sandboxPort,
      smtpPort: options.smtpPort,
      host,
      onMail: emailInbound(log),
    });
    stops.push(() => sandbox.close());
    const smtpUrl = `smtp://${sandbox.smtp.host}:${sandbox.smtp.port}`;
    // The e-mail consumer sends to the sandbox's sink over SMTP (in AWS it sends through SES).
    provideSmtpTransport((url) => smtpTransport({ host: url.hostname, port: Number(url.port || 25) }));

    const sqsEndpoint = `${baseUrl}/sqs`;
    const sqs = await createLocalSqs({ dataDir: join(dataDir, 'sqs'), baseUrl: sqsEndpoint });
    stops.push(() => sqs.close());
    const queueUrls: Record<string, string> = {};
    for (const queue of [...QUEUES, ...WORKER_QUEUES]) {
      const dlq = deadLetterQueueName(QUEUE_PREFIX, queue);
      await sqs.ensureQueue({
        name: dlq,
        fifo: queue.fifo,
        visibilityTimeoutSeconds: queue.visibilityTimeoutSeconds,
      });
      queueUrls[queue.id] = await sqs.ensureQueue({
        name: queueName(QUEUE_PREFIX, queue),
        fifo: queue.fifo,
        visibilityTimeoutSeconds: queue.visibilityTimeoutSeconds,
        redrive: { deadLetterQueueName: dlq, maxReceiveCount: queue.maxReceiveCount },
      });
    }

    const endpoints = {
      dynamodb: dynamodb.endpoint,
      sqs: sqsEndpoint,
      s3: s3.endpoint,
      websocketManagement: baseUrl,
    };
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      // Local SQS, @connections and S3 check signatures against this generated pair; DynamoDB Local takes any.
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      [ENV.stage]: 'local',
      [ENV.tablePrefix]: TABLE_PREFIX,
      [ENV.queuePrefix]: QUEUE_PREFIX,
      [ENV.dynamodbEndpoint]: dynamodb.endpoint,
      [ENV.dynamodbLocalOnDisk]: 'true',
      [ENV.sqsEndpoint]: sqsEndpoint,
      [ENV.s3Endpoint]: s3.endpoint,
      [ENV.s3ForcePathStyle]: 'true',
      [ENV.websocketManagementEndpoint]: baseUrl,
      [ENV.mediaBucket]: MEDIA_BUCKET,
      [ENV.exportsBucket]: EXPORTS_BUCKET,
      [ENV.queueUrls]: JSON.stringify(queueUrls),
      [ENV.localEndpoints]: JSON.stringify(endpoints),
      [ENV.jwtSecret]: secrets.jwtSecret,
      [ENV.encryptionKey]: secrets.encryptionKey,
      [ENV.publicBaseUrl]: baseUrl,
      [ENV.appOrigins]: baseUrl,
      // `smtp` too: the e-mail sender reads its transport from the same map as the other providers' roots.
      [ENV.providerBaseUrls]: JSON.stringify({ ...sandbox.baseUrls, smtp: smtpUrl }),
      [ENV.smtpUrl]: smtpUrl,
      [ENV.rdMarketingClient]: JSON.stringify(SANDBOX_RD_CLIENT),
    });

    const client = new DynamoDBClient({ endpoint: dynamodb.endpoint });
    await ensureTables(client, TABLE_PREFIX, TABLES);
    client.destroy();
    // Migrations of stored data run before anything reads it; each is idempotent and remembers it finished.
    const { backfillDayRollups, backfillDimensionRollups } =
      await import('@atende/functions/analytics/backfill');
    await backfillDayRollups();
    await backfillDimensionRollups();
    // The CRM poll entries' migration scans the table: on a fresh one it finishes at once here, instead of its
    // schedule's first run scanning whatever was written since (a bulk import's 700,000 items).
    const { backfillPollEntries } = await import('@atende/functions/apps/crm/poll-backfill');
    await backfillPollEntries();

    const authorizer = () => loadHandler(WEBSOCKET_API.authorizer) as unknown as Promise<Authorizer>;
    const rest = createRestGateway({
      routes: ROUTES,
      handlerFor: (route: RouteContract) =>
        loadHandler(DOMAINS[route.domain].handler) as unknown as Promise<RestHandler>,
      authorizer,
      appOrigins: [baseUrl],
      log,
    });
    const wsUrl = `ws://${host === '0.0.0.0' ? 'localhost' : host}:${port}${WEBSOCKET_API.path}`;
    const webHeaders = appSecurityHeaders({ websocketUrl: wsUrl, s3Endpoint: s3.endpoint });
    const serveWeb = createStaticWeb(options.webRoot, webHeaders);
    const config = JSON.stringify({
      apiUrl: '/api',
      wsUrl,
      productSlug: options.productSlug,
      helpLinks: DEFAULT_HELP_LINKS,
    });

    let handleManagement: (req: IncomingMessage, res: ServerResponse, body: Buffer) => boolean = () => false;
    const management = signedEndpoint({
      credentials,
      style: 'rest-json',
      // API Gateway's 128 KB message limit, plus room: the management handler answers 413 above it.
      maxBodyBytes: 256 * 1024,
      serve: (req, res, body) => {
        if (handleManagement(req, res, body)) return;
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Not Found' }));
      },
    });
    const signedSqs = signedEndpoint({
      credentials,
      style: 'sqs-json',
      maxBodyBytes: 2 * 1024 * 1024,
      serve: (req, res, body) => sqs.handle(req, res, body),
    });
    const guarded =
      (serve: (req: IncomingMessage, res: ServerResponse) => Promise<void>) =>
      (req: IncomingMessage, res: ServerResponse) => {
        serve(req, res).catch((error: unknown) => {
          log(`signed endpoint error: ${(error as Error).message}`);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Internal server error' }));
        });
      };
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0] as string;
      if (path === '/api' || path.startsWith('/api/')) {
        void rest.handle(req, res).catch((error: unknown) => {
          log(`gateway error: ${(error as Error).stack ?? String(error)}`);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Internal server error' }));
        });
        return;
      }
      if (path.startsWith('/@connections/')) {
        guarded(management)(req, res);
        return;
      }
      if (path === '/sqs' || path.startsWith('/sqs/')) {
        guarded(signedSqs)(req, res);
        return;
      }
      if (path === '/config.json') {
        res.writeHead(200, {
          ...webHeaders,
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-cache',
        });
        res.end(config);
        return;
      }
      serveWeb(req, res);
    });

    const websocket = createWebSocketGateway({
      server,
      path: WEBSOCKET_API.path,
      routeKeys: WEBSOCKET_API.routeKeys,
      authorize: (event) => authorizer().then((authorize) => authorize(event)),
      handler: async (event, context) =>
        invoke(await loadHandler(WEBSOCKET_API.handler), event, context ?? lambdaContext('atende-realtime')),
      onLog: log,
    });
    handleManagement = websocket.handleManagement;
    stops.push(() => websocket.close());

    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolveListen());
    });
    stops.push(
      () =>
        new Promise<void>((resolveClose) => {
          server.closeAllConnections();
          server.close(() => resolveClose());
        }),
    );

    const poller = startQueuePoller({
      endpoint: sqsEndpoint,
      credentials,
      queues: QUEUES.map((queue) => ({
        queueUrl: queueUrls[queue.id] as string,
        batchSize: queue.consumer.batchSize,
        // FIFO groups (conversations, entities) are independent: several batches of different groups at once.
        concurrency: queue.fifo ? FIFO_POLLERS : (queue.localConsumers ?? 1),
        handler: async (event) =>
          invoke(
            await loadHandler(queue.consumer.handler),
            event,
            lambdaContext(`atende-queue-${queue.id}`, queue.visibilityTimeoutSeconds * 1000),
          ),
      })),
      onError: (error) => log(`queue poller: ${(error as Error).message}`),
    });
    stops.push(() => poller.stop());
    const streamPollers: StreamPoller[] = [];
    for (const table of TABLES) {
      const stream = table.stream;
      if (!stream) continue;
      const streamPoller = await startStreamPoller({
        endpoint: dynamodb.endpoint,
        tableName: tableName(TABLE_PREFIX, table),
        batchSize: stream.batchSize,
        positionsFile: join(dataDir, 'streams', `${table.id}.json`),
        handler: async (event) =>
          invoke(
            await loadHandler(stream.handler),
            event,
            lambdaContext(`atende-stream-${table.id}`, 60_000),
          ),
        onError: (error) => log(`stream poller (${table.id}): ${(error as Error).message}`),
      });
      stops.push(() => streamPoller.stop());
      streamPollers.push(streamPoller);
    }
    const sessionWorker = await startWhatsappSessionWorker(sandbox, log);
    stops.push(() => sessionWorker.stop());
    const schedules = startSchedules(SCHEDULES, log);
    stops.push(() => schedules.stop());

    const streamsIdle = () => streamPollers.every((streamPoller) => streamPoller.idle());
    return { url: baseUrl, endpoints, sandbox, credentials, streamsIdle, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
