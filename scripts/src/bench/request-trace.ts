import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { clients } from '@atende/functions/lib/clients';

/**
 * BENCH_TRACE_REQUESTS=1: a breakdown of the DynamoDB requests the runtime's handlers and consumers make, by
 * command and key shape (the ids in `C#<companyId>#CONV#<id>` become `*`), and by the code that made them (the
 * innermost and the outermost frame of `functions/src` outside `lib/`, async frames included). Taking a stack per
 * request is slow, so the burst rates of a traced run are not the figures to quote; the counts per message are.
 */
export interface RequestTrace {
  byShape: Map<string, number>;
  byCaller: Map<string, number>;
}

/** A key's shape: upper-case labels kept, everything else (ids, dates, numbers) as `*`. */
export function keyShape(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && 'S' in value && typeof value.S === 'string'
        ? value.S
        : undefined;
  if (text === undefined) return '?';
  return text
    .split('#')
    .map((part) => (/^[A-Z_]+$/.test(part) ? part : '*'))
    .join('#');
}

type Row = Record<string, unknown>;
const asRow = (value: unknown): Row | undefined =>
  value && typeof value === 'object' ? (value as Row) : undefined;

function keyOf(key: Row | undefined): string {
  if (!key) return '';
  return `${keyShape(key.pk)} ${keyShape(key.sk)}`.trim();
}

/** Key shapes an input reads or writes: Key/Item, a query's first key value, transaction and batch items. */
function shapes(input: Row): string[] {
  if (input.Key) return [keyOf(asRow(input.Key))];
  if (input.Item) return [keyOf(asRow(input.Item))];
  if (input.KeyConditionExpression) {
    const values = Object.values(asRow(input.ExpressionAttributeValues) ?? {});
    return [`${String(input.IndexName ?? 'table')} ${keyShape(values[0])}`];
  }
  if (Array.isArray(input.TransactItems)) {
    return input.TransactItems.map((entry) => {
      const [kind, body] = Object.entries(asRow(entry) ?? {})[0] ?? ['?', {}];
      const row = asRow(body) ?? {};
      return `${kind}:${keyOf(asRow(row.Key) ?? asRow(row.Item))}`;
    });
  }
  const requestItems = asRow(input.RequestItems);
  if (requestItems) {
    return Object.values(requestItems).flatMap((request) => {
      const keys = asRow(request)?.Keys;
      if (Array.isArray(keys)) return keys.map((key) => keyOf(asRow(key)));
      return Array.isArray(request) ? request.map(() => 'write') : [];
    });
  }
  return [''];
}

/** The innermost and outermost domain frames of the current stack (file:function), lib/ and node_modules left out. */
function callers(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 80;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const frames = stack
    .split('\n')
    .map((line) => /at (?:async )?(?:(\S+) )?\(?.*functions\/src\/([^:]+):(\d+)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && !match[2]?.startsWith('lib/'))
    .map((match) => `${match[2]}:${match[1] ?? '?'}`);
  if (frames.length === 0) return '(no domain frame)';
  const inner = frames[0];
  const outer = frames[frames.length - 1];
  return inner === outer ? String(inner) : `${outer} > ${inner}`;
}

export function traceDynamoRequests(client: DynamoDBClient): RequestTrace {
  const trace: RequestTrace = { byShape: new Map(), byCaller: new Map() };
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = (context.commandName ?? 'unknown').replace(/Command$/, '');
      const input = asRow(args.input) ?? {};
      const where = command === 'ListTables' ? '(commit barrier)' : callers();
      bump(trace.byCaller, `${command} ${where}`);
      for (const shape of new Set(shapes(input))) bump(trace.byShape, `${command} ${shape}`);
      return next(args);
    },
    { step: 'initialize', name: 'benchDynamoRequestTrace' },
  );
  return trace;
}

/** The rows of a trace map between two snapshots, per message, the largest first. */
export function traceRows(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  messages: number,
  limit = 40,
): string[] {
  return [...after]
    .map(([key, count]) => [key, (count - (before.get(key) ?? 0)) / messages] as const)
    .filter(([, share]) => share >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, share]) => `    ${share.toFixed(2).padStart(6)}  ${key}`);
}

const requestCounts = new WeakMap<DynamoDBClient, Map<string, number>>();

/**
 * Counts the DynamoDB requests the runtime's handlers and consumers make (they run in this process and share
 * the one SDK client), by command, so the burst can say what each message costs the emulator. The stream
 * poller's GetRecords calls go through their own client and are not in the count. One counter per client:
 * a second call answers the running one (the SDK refuses a second middleware of the same name), so callers
 * compare snapshots of it.
 */
export function countDynamoRequests(client: DynamoDBClient = clients().dynamodb): Map<string, number> {
  const running = requestCounts.get(client);
  if (running) return running;
  const counts = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      counts.set(command, (counts.get(command) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchDynamoRequestCount' },
  );
  requestCounts.set(client, counts);
  return counts;
}

export const totalOf = (counts: ReadonlyMap<string, number>) =>
  [...counts.values()].reduce((sum, n) => sum + n, 0);

/** Requests per message (or row) by command, the largest first, from two snapshots of the counter. */
export function perMessage(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  messages: number,
) {
  return [...after]
    .map(
      ([command, count]) =>
        [command.replace(/Command$/, ''), (count - (before.get(command) ?? 0)) / messages] as const,
    )
    .filter(([, share]) => share > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([command, share]) => `${command} ${share.toFixed(1)}`)
    .join(', ');
}
