import type { HealthResponse } from '@atende/shared/contracts/health/get-health';

export type PartCheck = () => Promise<void>;

export interface HealthChecks {
  dynamodb: PartCheck;
  queues: PartCheck;
  websocket: PartCheck;
  s3: PartCheck;
}

async function probe(check: PartCheck): Promise<'up' | 'down'> {
  try {
    await check();
    return 'up';
  } catch {
    return 'down';
  }
}

/** Checks every part in parallel; the status is ok only when all are up. */
export async function health(
  checks: HealthChecks,
  endpoints?: HealthResponse['endpoints'],
): Promise<HealthResponse> {
  const [dynamodb, queues, websocket, s3] = await Promise.all([
    probe(checks.dynamodb),
    probe(checks.queues),
    probe(checks.websocket),
    probe(checks.s3),
  ]);
  const parts = { dynamodb, queues, websocket, s3 };
  const status = Object.values(parts).every((part) => part === 'up') ? 'ok' : 'degraded';
  return { status, parts, ...(endpoints ? { endpoints } : {}) };
}
