import { randomBytes } from 'node:crypto';
import { getCampaignReport } from '@atende/shared/contracts/analytics/campaign-report';
import type { CampaignReportRow } from '@atende/shared/contracts/analytics/campaign-report';
import { exportReport } from '@atende/shared/contracts/analytics/routes';
import { getCampaign } from '@atende/shared/contracts/campaigns/campaign-routes';
import type { CampaignView } from '@atende/shared/contracts/campaigns/views';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as campaigns } from '../campaigns/handler.ts';
import { campaignRecord } from '../campaigns/records.ts';
import { addCounts, putCampaign } from '../campaigns/store.ts';
import { createInbox, type Inbox, setPermissions } from '../conversations/test-inbox.ts';
import { handler as integrations } from '../integrations/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

/**
 * The campaigns tab of app/analytics/reports: campaigns started in the range with their own funnel counts,
 * through the campaigns module's store (as the dispatch writes them), read back by the report route.
 */
const range = { from: '2026-11-01T03:00:00Z', to: '2026-11-08T03:00:00Z' };
let inbox: Inbox;
let other: Inbox;
let official: ProviderIntegrationView;
const ids = { blackFriday: '', natal: '', before: '', scheduled: '', otherCompany: '' };

async function campaign(
  owner: Inbox,
  integration: string,
  fields: { name: string; started_at: string | null; department?: string; status?: number; paused?: boolean },
  counts: Record<string, number> = {},
) {
  const id = newObjectId();
  await putCampaign(
    campaignRecord.parse({
      _id: id,
      company: owner.companyId,
      name: fields.name,
      status: fields.status ?? CAMPAIGN_STATUS.dispatchFinished,
      paused: fields.paused ?? false,
      integration,
      channel: 'official',
      template: 'promo',
      audience: { tags: [newObjectId()] },
      started_at: fields.started_at,
      created_at: '2026-10-30T12:00:00.000Z',
      created_by: owner.admin.id,
      reply_to: fields.department ? { department: fields.department } : null,
    }),
  );
  // The counters as the start and the dispatch add them.
  if (Object.keys(counts).length > 0) await addCounts(owner.companyId, id, counts);
  return id;
}

const report = async (who: 'admin' | 'manager' | 'operator', query: Record<string, string> = {}) => {
  const answer = await callRoute(handler, getCampaignReport, {
    token: inbox[who].token,
    query: { ...range, ...query },
  });
  return { status: answer.status, rows: (answer.body as { rows?: CampaignReportRow[] }).rows };
};

beforeAll(async () => {
  process.env[ENV.encryptionKey] ??= randomBytes(32).toString('base64');
  await useTestTables();
  [inbox, other] = await Promise.all([createInbox(), createInbox()]);
  official = (
    await callRoute(integrations, createChannelIntegration, {
      token: inbox.admin.token,
      body: {
        type: 'official',
        provider: 'meta',
        label: 'Oficial Vendas',
        phone: '558530001000',
        phone_number_id: '106540352242923',
        access_token: 'EAAG-token-1',
        app_secret: 'secret',
        verify_token: 'verify',
        waba_id: '204568',
      },
    })
  ).body as ProviderIntegrationView;
  ids.blackFriday = await campaign(
    inbox,
    official._id,
    { name: 'Black Friday', started_at: '2026-11-02T13:00:00.000Z', department: inbox.sales },
    {
      total: 10,
      eligible: 8,
      excluded: 2,
      attempted: 8,
      sent: 8,
      delivered: 7,
      read: 5,
      replied: 2,
      failed: 1,
    },
  );
  ids.natal = await campaign(
    inbox,
    official._id,
    {
      name: 'Natal',
      started_at: '2026-11-05T15:00:00.000Z',
      department: inbox.support,
      status: CAMPAIGN_STATUS.dispatchStarted,
      paused: true,
    },
    { total: 4, eligible: 4, attempted: 3, sent: 3, delivered: 1 },
  );
  ids.before = await campaign(
    inbox,
    official._id,
    { name: 'Antiga', started_at: '2026-10-31T12:00:00.000Z' },
    { total: 3, sent: 3 },
  );
  ids.scheduled = await campaign(inbox, official._id, {
    name: 'Agendada',
    started_at: null,
    status: CAMPAIGN_STATUS.scheduled,
  });
  ids.otherCompany = await campaign(
    other,
    newObjectId(),
    { name: 'Outra empresa', started_at: '2026-11-03T12:00:00.000Z', department: other.sales },
    { total: 6, sent: 6 },
  );
});

describe('campaigns report', () => {
  it("lists the campaigns started in the range with the counts of the campaign's own report", async () => {
    const { status, rows = [] } = await report('admin');
    expect(status).toBe(200);
    expect(rows.map((row) => row.name)).toEqual(['Natal', 'Black Friday']);
    expect(rows.map((row) => row.paused)).toEqual([true, false]);
    for (const row of rows) {
      const own = (
        await callRoute(campaigns, getCampaign, { token: inbox.admin.token, params: { id: row._id } })
      ).body as CampaignView;
      expect(row).toEqual({
        _id: own._id,
        name: own.name,
        channel: own.channel,
        integration: own.integration,
        integration_label: 'Oficial Vendas',
        status: own.status,
        paused: own.paused,
        started_at: own.started_at,
        targeted: own.total,
        excluded: own.excluded,
        sent: own.sent,
        delivered: own.delivered,
        read: own.read,
        replied: own.replied,
        failed: own.failed,
      });
    }
    expect(rows[1]).toMatchObject({ targeted: 10, excluded: 2, sent: 8, delivered: 7, read: 5, replied: 2 });
  });

  it("never shows another company's campaigns, and shows that company only its own", async () => {
    const mine = (await report('admin')).rows ?? [];
    expect(mine.map((row) => row._id)).not.toContain(ids.otherCompany);
    const theirs = await callRoute(handler, getCampaignReport, { token: other.admin.token, query: range });
    expect((theirs.body as { rows: CampaignReportRow[] }).rows.map((row) => row._id)).toEqual([
      ids.otherCompany,
    ]);
  });

  it('shows a manager the campaigns answered by their departments, and follows the filters', async () => {
    expect((await report('manager')).rows?.map((row) => row.name)).toEqual(['Natal']);
    expect((await report('admin', { department: inbox.sales })).rows?.map((row) => row.name)).toEqual([
      'Black Friday',
    ]);
    expect((await report('admin', { channel: 'whatsapp' })).rows).toEqual([]);
    // A campaign is no employee's: filtering by one leaves none.
    expect((await report('admin', { employee: inbox.operator.id })).rows).toEqual([]);
  });

  it('opens to an operator only with display_report_base_to_operators, and then shows no campaign', async () => {
    await setPermissions(inbox.companyId, {});
    expect((await report('operator')).status).toBe(403);
    await setPermissions(inbox.companyId, { display_report_base_to_operators: true });
    expect(await report('operator')).toEqual({ status: 200, rows: [] });
  });

  it('exports exactly the rows and numbers of the screen, under the export permission', async () => {
    const exportAs = (who: 'admin' | 'operator') =>
      callRoute(handler, exportReport, { token: inbox[who].token, query: { ...range, report: 'campaigns' } });
    await setPermissions(inbox.companyId, { display_report_base_to_operators: true });
    expect((await exportAs('operator')).status).toBe(403);
    const answer = await exportAs('admin');
    expect(answer.status).toBe(200);
    const file = answer.body as { file_name: string; csv: string };
    expect(file.file_name).toBe('analytics-campaigns-2026-11-01_2026-11-08.csv');
    const parsed = Papa.parse<Record<string, string>>(file.csv, { header: true, skipEmptyLines: true });
    const screen = (await report('admin')).rows ?? [];
    expect(parsed.data).toEqual(
      screen.map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
      ),
    );
  });
});
