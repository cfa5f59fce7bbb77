import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured JSON logs, one line each, as CloudWatch Logs Insights reads them. Every line written inside
 * `withLogContext` carries that context (request id, cold start, company id), however deep the call.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const context = new AsyncLocalStorage<Record<string, unknown>>();
let coldStart = true;

function threshold(): number {
  const wanted = (process.env.LOG_LEVEL ?? 'info') as Level;
  return LEVELS[wanted] ?? LEVELS.info;
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (LEVELS[level] < threshold()) return;
  const line = JSON.stringify({
    level,
    message,
    time: new Date().toISOString(),
    ...context.getStore(),
    ...fields,
  });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** Runs `fn` with fields added to every log line it writes (nested contexts add to the outer one). */
export function withLogContext<T>(fields: Record<string, unknown>, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

/**
 * The fields of one Lambda invocation: its request id and whether it is the container's first (cold start).
 * Call once per invocation.
 */
export function invocationFields(lambda?: { awsRequestId?: string; functionName?: string }) {
  const fields = {
    request_id: lambda?.awsRequestId,
    function_name: lambda?.functionName,
    cold_start: coldStart,
  };
  coldStart = false;
  return fields;
}
