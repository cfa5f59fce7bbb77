import { afterEach, describe, expect, it, vi } from 'vitest';

const sent: unknown[] = [];
vi.mock('../api/call-route.ts', () => ({
  callRoute: vi.fn(async (route: { path: string }, input: { body: unknown }) => {
    sent.push({ path: route.path, body: input.body });
    return { stored: 'x' };
  }),
}));

const { reportCritical, REPORT_WINDOW_MS } = await import('./report.ts');

afterEach(() => {
  sent.length = 0;
});

describe('reportCritical', () => {
  it('posts to /logs/critical with the title and payload, once per window per title', async () => {
    await reportCritical('socket error', { attempt: 1 }, 1_000);
    await reportCritical('socket error', { attempt: 2 }, 2_000);
    await reportCritical('socket frame for another company', { event: 'new-call' }, 2_000);
    await reportCritical('socket error', { attempt: 3 }, 1_000 + REPORT_WINDOW_MS);
    expect(sent).toEqual([
      { path: '/logs/critical', body: { title: 'socket error', message: '', payload: { attempt: 1 } } },
      {
        path: '/logs/critical',
        body: {
          title: 'socket frame for another company',
          message: 'new-call',
          payload: { event: 'new-call' },
        },
      },
      { path: '/logs/critical', body: { title: 'socket error', message: '', payload: { attempt: 3 } } },
    ]);
  });
});
