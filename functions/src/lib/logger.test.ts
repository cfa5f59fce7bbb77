import { afterEach, describe, expect, it, vi } from 'vitest';
import { invocationFields, logger, withLogContext } from './logger.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('logger', () => {
  it('writes one JSON line carrying the invocation context, however deep the call', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const nested = async () => {
      await Promise.resolve();
      logger.info('inside', { extra: 1 });
    };
    const first = invocationFields({ awsRequestId: 'req-1', functionName: 'fn' });
    await withLogContext(first, () => withLogContext({ company_id: 'c1' }, nested));
    await withLogContext(invocationFields({ awsRequestId: 'req-2' }), nested);
    logger.info('outside');
    const [inside, second, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({
      level: 'info',
      message: 'inside',
      request_id: 'req-1',
      company_id: 'c1',
      extra: 1,
    });
    expect(typeof inside?.cold_start).toBe('boolean');
    expect(second).toMatchObject({ request_id: 'req-2', cold_start: false });
    expect(second?.company_id).toBeUndefined();
    expect(outside?.request_id).toBeUndefined();
  });
});
