import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMAINS } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { type HandlerRef, handlerKey } from '@atende/shared/infra/handlers';
import { EVENT_CONSUMER_QUEUES } from '@atende/shared/infra/event-consumers';
import { QUEUES, WORKER_QUEUES } from '@atende/shared/infra/queues';
import { TABLES } from '@atende/shared/infra/tables';
import { SCHEDULES } from '@atende/shared/infra/schedules';
import { describe, expect, it } from 'vitest';
import { BUCKET_USERS } from '../src/access.ts';
import { EMAIL_RECEIPT_HANDLER } from '../src/email.ts';
import { DEFAULT_FUNCTIONS_ROOT } from '../src/functions.ts';
import { importClosure } from './imports.ts';

/**
 * The modules whose import means "sends to this queue". A queue added to shared needs its entry here, so
 * its producers list is checked too.
 */
const QUEUE_SENDERS: Record<string, readonly string[]> = {
  inbound: ['conversations/enqueue.ts'],
  'contact-import': ['imports/import-service.ts', 'imports/import-consumer.ts'],
  'contact-export': ['imports/export-service.ts'],
  'whatsapp-session-commands': ['channels/whatsapp-session/commands.ts'],
  'email-send': ['channels/email/send-queue.ts'],
  'smart-tag-refresh': ['smart-tags/queue.ts'],
  'knowledge-ingest': ['ai/ingest-queue.ts'],
  'knowledge-extract': ['ai/extract-queue.ts'],
  'campaign-dispatch': ['campaigns/queue.ts'],
  'webhook-delivery': ['webhook-endpoints/queue.ts'],
  // The dispatcher sends to every domain-event consumer's queue.
  ...Object.fromEntries(EVENT_CONSUMER_QUEUES.map((queue) => [queue.id, ['events/dispatcher.ts']])),
};

const HANDLERS: HandlerRef[] = [
  ...Object.values(DOMAINS).map((domain) => domain.handler),
  ...QUEUES.map((queue) => queue.consumer.handler),
  ...SCHEDULES.map((schedule) => schedule.handler),
  WEBSOCKET_API.handler,
  WEBSOCKET_API.authorizer,
  EMAIL_RECEIPT_HANDLER,
  ...TABLES.flatMap((table) => (table.stream ? [table.stream.handler] : [])),
];
const closures = new Map(
  HANDLERS.map((ref) => [handlerKey(ref), importClosure(DEFAULT_FUNCTIONS_ROOT, `${ref.module}.ts`)]),
);
const reaching = (modules: readonly string[]): string[] =>
  [...closures]
    .filter(([, closure]) => modules.some((module) => closure.has(module)))
    .map(([key]) => key)
    .sort();

/** Source modules of functions/src (tests aside) whose text matches. */
const modulesMatching = (pattern: RegExp): string[] =>
  readdirSync(DEFAULT_FUNCTIONS_ROOT, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== path.join('lib', 'config.ts'),
    )
    .filter((file) => pattern.test(readFileSync(path.join(DEFAULT_FUNCTIONS_ROOT, file), 'utf8')));

describe("grants follow what each handler's code reaches", () => {
  const queues = [...QUEUES, ...WORKER_QUEUES];

  it.each(queues)('$id: every handler importing a sender of it is a producer', (queue) => {
    const senders = QUEUE_SENDERS[queue.id];
    expect(senders, `add ${queue.id} to QUEUE_SENDERS`).toBeDefined();
    const producers = new Set(queue.producers.map(handlerKey));
    const missing = reaching(senders ?? []).filter((key) => !producers.has(key));
    expect(missing, `add these to the producers of ${queue.id}`).toEqual([]);
  });

  it('names only handlers that exist as Lambdas among the producers', () => {
    const known = new Set(closures.keys());
    for (const queue of queues) {
      for (const producer of queue.producers) expect(known.has(handlerKey(producer)), queue.id).toBe(true);
    }
  });

  it.each([
    { bucket: 'media' as const, pattern: /config\(\)\.mediaBucket/ },
    { bucket: 'exports' as const, pattern: /config\(\)\.exportsBucket/ },
  ])('$bucket: every handler reaching it is a user, writers with write access', ({ bucket, pattern }) => {
    const users = new Map(BUCKET_USERS[bucket].map((user) => [handlerKey(user.handler), user.access]));
    const touching = modulesMatching(pattern);
    expect(touching.length).toBeGreaterThan(0);
    const writers = touching.filter((file) =>
      // The SDK's commands, or the client-free presigned PUT and POST of lib/s3-presign.ts and s3-presigned-post.ts.
      /PutObjectCommand|CreateMultipartUploadCommand|createPresignedPost\(|putObject\(|presignPost\(/.test(
        readFileSync(path.join(DEFAULT_FUNCTIONS_ROOT, file), 'utf8'),
      ),
    );
    expect(reaching(touching).filter((key) => !users.has(key))).toEqual([]);
    expect(reaching(writers).filter((key) => users.get(key) !== 'readWrite')).toEqual([]);
  });
});
