import { getRollouts } from '@atende/shared/contracts/account/get-rollouts';
import {
  addRolloutBlacklist,
  listRolloutBlacklist,
  removeRolloutBlacklist,
  type RolloutBlacklistView,
} from '@atende/shared/contracts/company/rollout-blacklist';
import { listLogs } from '@atende/shared/contracts/logs/list-logs';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { ENV } from '@atende/shared/infra/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as accountHandler } from '../account/handler.ts';
import { handler as auditHandler } from '../audit/handler.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { resetConfig } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { createTenant, type Tenant } from './test-tenant.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.platformRollouts] = `${ROLLOUTS.manager},${ROLLOUTS.customFields}`;
  resetConfig();
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

afterAll(() => {
  delete process.env[ENV.platformRollouts];
  resetConfig();
});

const row = (view: unknown, flag: string) =>
  (view as RolloutBlacklistView).rollouts.find((entry) => entry.flag === flag);

const rolloutsOf = async (tenant: Tenant) =>
  (
    await callRoute(accountHandler, getRollouts, {
      token: tenant.admin.token,
      params: { companyId: tenant.companyId },
    })
  ).body as string[];

describe('rollout blacklist admin routes', () => {
  it('lists every blacklistable flag with where it comes from (a new company has the manager flag itself)', async () => {
    const answer = await callRoute(handler, listRolloutBlacklist, { token: a.admin.token });
    expect(answer.status).toBe(200);
    expect(row(answer.body, ROLLOUTS.manager)).toEqual({
      flag: ROLLOUTS.manager,
      platform: true,
      company: true,
      blacklisted: false,
      enabled: true,
    });
    expect(row(answer.body, ROLLOUTS.customFields)).toMatchObject({ platform: true, company: false });
    expect(row(answer.body, ROLLOUTS.aiSmartAssistant)?.enabled).toBe(false);
  });

  it('blocks a platform flag for the company only, audits it, and unblocks it', async () => {
    const added = await callRoute(handler, addRolloutBlacklist, {
      token: a.admin.token,
      params: { flag: ROLLOUTS.manager },
    });
    expect(added.status).toBe(200);
    expect(row(added.body, ROLLOUTS.manager)).toMatchObject({ blacklisted: true, enabled: false });
    // Idempotent: blocking twice keeps one entry.
    await callRoute(handler, addRolloutBlacklist, {
      token: a.admin.token,
      params: { flag: ROLLOUTS.manager },
    });
    expect(await rolloutsOf(a)).not.toContain(ROLLOUTS.manager);
    expect(await rolloutsOf(b)).toContain(ROLLOUTS.manager);
    const logs = await callRoute(auditHandler, listLogs, {
      token: a.admin.token,
      query: { entity: 'company_rollout_blacklist' },
    });
    expect(logs.status).toBe(200);
    expect(JSON.stringify(logs.body)).toContain(ROLLOUTS.manager);

    const removed = await callRoute(handler, removeRolloutBlacklist, {
      token: a.admin.token,
      params: { flag: ROLLOUTS.manager },
    });
    expect(row(removed.body, ROLLOUTS.manager)).toMatchObject({ blacklisted: false, enabled: true });
    expect(await rolloutsOf(a)).toContain(ROLLOUTS.manager);
  });

  it('answers 400 naming the field for a flag without a blacklist', async () => {
    const answer = await callRoute(handler, addRolloutBlacklist, {
      token: a.admin.token,
      params: { flag: ROLLOUTS.planAccessControlException },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('flag');
  });

  it.each(['manager', 'operator'] as const)('refuses a %s', async (role) => {
    for (const [contract, params] of [
      [listRolloutBlacklist, undefined],
      [addRolloutBlacklist, { flag: ROLLOUTS.customFields }],
      [removeRolloutBlacklist, { flag: ROLLOUTS.customFields }],
    ] as const) {
      const answer = await callRoute(handler, contract, {
        token: a[role].token,
        ...(params ? { params } : {}),
      });
      expect(answer.status).toBe(403);
    }
    expect(
      row(
        (await callRoute(handler, listRolloutBlacklist, { token: a.admin.token })).body,
        ROLLOUTS.customFields,
      )?.blacklisted,
    ).toBe(false);
  });

  it("keeps one company's blacklist out of another's", async () => {
    await callRoute(handler, addRolloutBlacklist, {
      token: b.admin.token,
      params: { flag: ROLLOUTS.customFields },
    });
    const mine = await callRoute(handler, listRolloutBlacklist, { token: a.admin.token });
    expect(row(mine.body, ROLLOUTS.customFields)?.blacklisted).toBe(false);
    expect(await rolloutsOf(a)).toContain(ROLLOUTS.customFields);
    expect(await rolloutsOf(b)).not.toContain(ROLLOUTS.customFields);
  });
});
