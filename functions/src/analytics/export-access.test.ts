import { exportReport } from '@atende/shared/contracts/analytics/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createInbox, type Inbox, setPermissions } from '../conversations/test-inbox.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

/** The report export route's access rule (spec point 5), enforced by the server for each role. */
const range = { from: '2026-11-19T00:00:00Z', to: '2026-11-24T00:00:00Z', report: 'overview' };
let inbox: Inbox;

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
});

const exportAs = async (who: 'admin' | 'manager' | 'operator') =>
  (await callRoute(handler, exportReport, { token: inbox[who].token, query: range })).status;

describe('report export access', () => {
  const cases: {
    who: 'admin' | 'manager' | 'operator';
    permissions: Record<string, boolean>;
    status: number;
  }[] = [
    { who: 'admin', permissions: {}, status: 200 },
    { who: 'manager', permissions: {}, status: 200 },
    { who: 'operator', permissions: {}, status: 403 },
    { who: 'operator', permissions: { display_report_base_to_operators: true }, status: 403 },
    { who: 'operator', permissions: { export_report_base_to_operators: true }, status: 403 },
    {
      who: 'operator',
      permissions: { display_report_base_to_operators: true, export_report_base_to_operators: true },
      status: 200,
    },
  ];
  it.each(cases)('$who with $permissions gets $status', async ({ who, permissions, status }) => {
    await setPermissions(inbox.companyId, permissions);
    expect(await exportAs(who)).toBe(status);
  });
});
