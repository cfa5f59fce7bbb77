import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineRoute, type RouteContract } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { EVENT_DISPATCHER } from '@atende/shared/infra/event-consumers';
import { type HandlerRef, handlerRef } from '@atende/shared/infra/handlers';
import type { QueueDefinition, WorkerQueueDefinition } from '@atende/shared/infra/queues';
import type { ScheduleDefinition } from '@atende/shared/infra/schedules';
import { App, Aspects } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPO_ROOT } from '../src/paths.ts';
import { AtendeStack, type AtendeStackProps } from '../src/stacks/atende-stack.ts';

/**
 * Fixtures live under the repo root (esbuild resolves the packages they import from it); node_modules keeps
 * them out of the sources.
 */
const FIXTURES = path.join(REPO_ROOT, 'infra', 'node_modules', '.cache', 'atende-infra-test');

const fixtureDir = (kind: string, content: string): string => {
  const dir = path.join(
    FIXTURES,
    `${kind}-${createHash('sha256').update(content).digest('hex').slice(0, 12)}`,
  );
  mkdirSync(dir, { recursive: true });
  return dir;
};

export const SAMPLE_DOMAINS = {
  health: { handler: handlerRef('health/handler') },
  auth: { handler: handlerRef('auth/handler') },
  account: { handler: handlerRef('account/handler') },
} satisfies Record<string, { handler: HandlerRef }>;

/** One route of each auth kind, nested and parameterised paths included. */
export const SAMPLE_ROUTES: RouteContract[] = [
  defineRoute({ id: 'health.get', method: 'GET', path: '/health', domain: 'health', auth: 'public' }),
  defineRoute({ id: 'auth.signIn', method: 'POST', path: '/auth/token', domain: 'auth', auth: 'public' }),
  defineRoute({
    id: 'account.get',
    method: 'GET',
    path: '/account/{id}',
    domain: 'account',
    auth: 'employee',
  }),
  defineRoute({
    id: 'account.patch',
    method: 'PATCH',
    path: '/account/{id}',
    domain: 'account',
    auth: 'employee',
  }),
  defineRoute({
    id: 'account.integrations',
    method: 'POST',
    path: '/integrations/contacts',
    domain: 'account',
    auth: 'apiKey',
  }),
  defineRoute({
    id: 'auth.widgetSession',
    method: 'POST',
    path: '/widget/{widgetId}/sessions',
    domain: 'auth',
    auth: 'public',
  }),
  defineRoute({
    id: 'auth.webhook',
    method: 'POST',
    path: '/webhooks/telegram/{channelId}',
    domain: 'auth',
    auth: 'webhook',
  }),
];

export const SAMPLE_QUEUES: QueueDefinition[] = [
  {
    id: 'inbound',
    fifo: true,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    consumer: { handler: handlerRef('samples/inbound-consumer'), batchSize: 10 },
    producers: [handlerRef('auth/handler'), handlerRef('samples/inbound-consumer')],
    description: 'Inbound channel messages, ordered per conversation',
  },
  {
    id: 'campaign-dispatch',
    fifo: false,
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 3,
    consumer: { handler: handlerRef('samples/dispatch-consumer', 'consume'), batchSize: 25 },
    producers: [handlerRef('account/handler')],
    description: 'Campaign messages to send',
  },
  {
    id: 'webhook-delivery',
    fifo: false,
    visibilityTimeoutSeconds: 45,
    maxReceiveCount: 4,
    // Shares its consumer with campaign-dispatch: one Lambda serves both.
    consumer: { handler: handlerRef('samples/dispatch-consumer', 'consume'), batchSize: 5 },
    producers: [],
    description: 'Outgoing webhook calls',
  },
];

export const SAMPLE_WORKER_QUEUES: WorkerQueueDefinition[] = [
  {
    id: 'whatsapp-session-commands',
    fifo: true,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    worker: { module: 'samples/worker-main' },
    producers: [handlerRef('account/handler')],
    description: 'Session commands',
  },
];

export const SAMPLE_SCHEDULES: ScheduleDefinition[] = [
  {
    id: 'trial-expiry',
    expression: 'rate(1 hour)',
    handler: handlerRef('schedules/trial-expiry'),
    description: 'Ends expired trials',
  },
  {
    id: 'auto-close',
    expression: 'rate(5 minutes)',
    handler: handlerRef('schedules/auto-close'),
    description: 'Closes idle conversations',
  },
];

/**
 * Writes an entry module for every handler so the functions are created (these tests never bundle them), and a
 * program for every worker module.
 */
export function functionsRootWith(refs: readonly HandlerRef[], workers: readonly string[] = []): string {
  const root = fixtureDir('functions', JSON.stringify([refs, workers]));
  const write = (module: string, content: string): void => {
    const file = path.join(root, `${module}.ts`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  for (const ref of refs) write(ref.module, `export const ${ref.export} = async () => ({});\n`);
  for (const module of workers) write(module, `console.log('${module} started');\n`);
  return root;
}

/**
 * Two handler modules for real bundling: `lazy/handler` imports a module on first use (`await import()`) and
 * answers what it returns; `plain/handler` imports nothing.
 */
export function lazyImportFunctionsRoot(): { root: string; lazy: HandlerRef; plain: HandlerRef } {
  const files: Record<string, string> = {
    'lazy/handler.ts': "export const handler = async () => (await import('./reader.ts')).read();\n",
    'lazy/reader.ts': "export const read = () => ['read', 'on', 'first', 'use'].join(' ');\n",
    'plain/handler.ts': "export const handler = async () => 'plain';\n",
  };
  const root = fixtureDir('lazy-functions', JSON.stringify(files));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return { root, lazy: handlerRef('lazy/handler'), plain: handlerRef('plain/handler') };
}

export const SAMPLE_REFS: HandlerRef[] = [
  ...Object.values(SAMPLE_DOMAINS).map((domain) => domain.handler),
  ...SAMPLE_QUEUES.map((queue) => queue.consumer.handler),
  ...SAMPLE_SCHEDULES.map((schedule) => schedule.handler),
  WEBSOCKET_API.handler,
  WEBSOCKET_API.authorizer,
  EVENT_DISPATCHER,
];

/** A worker entry that imports a shared module (bundled) and Baileys (kept external), for real bundling. */
export function workerEntryFixture(): string {
  const source = [
    "import * as baileys from 'baileys';",
    "import { ENV } from '@atende/shared/infra/env';",
    'console.log(ENV.queueUrls, Object.keys(baileys).length);',
    '',
  ].join('\n');
  const file = path.join(fixtureDir('worker', source), 'worker-main.ts');
  writeFileSync(file, source);
  return file;
}

/** A web build folder with an index.html, for the BucketDeployment path. */
export function webDistFixture(): string {
  const dist = fixtureDir('web', 'index.html');
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Atende</title>');
  return dist;
}

/** The env-agnostic test stack gets its CloudFront web ACL from outside, as from EdgeWafStack. */
export const SAMPLE_CLOUDFRONT_WEB_ACL_ARN =
  'arn:aws:wafv2:us-east-1:111111111111:global/webacl/atende-test-cloudfront/0123abcd';

export interface Synthesized {
  stack: AtendeStack;
  template: Template;
}

/**
 * Synthesizes the stack with cdk-nag applied and bundling skipped (`aws:cdk:bundling-stacks` = []), so
 * the functions are never bundled in tests.
 */
export function synth(
  props: Partial<AtendeStackProps> = {},
  extend: (stack: AtendeStack) => void = () => undefined,
): Synthesized {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new AtendeStack(app, 'Test', {
    stage: 'test',
    cloudFrontWebAclArn: SAMPLE_CLOUDFRONT_WEB_ACL_ARN,
    ...props,
  });
  extend(stack);
  Aspects.of(app).add(new AwsSolutionsChecks());
  return { stack, template: Template.fromStack(stack) };
}

/** The full sample stack: one of everything, with a web build to deploy. */
export function synthSample(props: Partial<AtendeStackProps> = {}): Synthesized {
  return synth({
    routes: SAMPLE_ROUTES,
    domains: SAMPLE_DOMAINS,
    queues: SAMPLE_QUEUES,
    workerQueues: SAMPLE_WORKER_QUEUES,
    schedules: SAMPLE_SCHEDULES,
    functionsRoot: functionsRootWith(
      SAMPLE_REFS,
      SAMPLE_WORKER_QUEUES.map((queue) => queue.worker.module),
    ),
    webDistPath: webDistFixture(),
    ...props,
  });
}
