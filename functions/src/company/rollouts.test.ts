import { getFeatures } from '@atende/shared/contracts/account/get-features';
import { getRollouts } from '@atende/shared/contracts/account/get-rollouts';
import { createCustomField } from '@atende/shared/contracts/custom-fields/create-custom-field';
import { ENV } from '@atende/shared/infra/env';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as accountHandler } from '../account/handler.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as customFieldsHandler } from '../custom-fields/handler.ts';
import { resetConfig } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { createTenant, setCompany, type Tenant } from './test-tenant.ts';

let a: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  a = await createTenant();
});

afterEach(() => {
  delete process.env[ENV.platformRollouts];
  resetConfig();
});

const platform = (flags: string[]) => {
  process.env[ENV.platformRollouts] = flags.join(',');
  resetConfig();
};

const rollouts = async (tenant: Tenant) =>
  (
    await callRoute(accountHandler, getRollouts, {
      token: tenant.admin.token,
      params: { companyId: tenant.companyId },
    })
  ).body as string[];

describe('rollouts: the platform list and the per-company blacklist (spec point 5)', () => {
  it('turns a platform flag on for the company unless the company is blacklisted for it', async () => {
    await setCompany(a.companyId, { rollouts: [], rollout_blacklist: [], plan_features: ['webhooks'] });
    platform([ROLLOUTS.planAccessControl]);
    expect(await rollouts(a)).toEqual([ROLLOUTS.planAccessControl]);
    const features = () =>
      callRoute(accountHandler, getFeatures, {
        token: a.admin.token,
        params: { companyId: a.companyId },
      });
    expect((await features()).body).toEqual(['webhooks']);
    await setCompany(a.companyId, { rollout_blacklist: [ROLLOUTS.planAccessControl] });
    expect(await rollouts(a)).toEqual([]);
    // Gating is off for a blacklisted company: the client allows every feature.
    expect((await features()).body).toEqual([]);
  });

  it('enforces the blacklist on the server: a route needing a blacklisted rollout is refused', async () => {
    await setCompany(a.companyId, { rollouts: [ROLLOUTS.customFields], rollout_blacklist: [] });
    // Access is decided before the body is read: 400 means the rule let the call in, 403 that it did not.
    const create = () =>
      callRoute(customFieldsHandler, createCustomField, { token: a.admin.token, body: {} });
    expect((await create()).status).toBe(400);
    await setCompany(a.companyId, { rollout_blacklist: [ROLLOUTS.customFields] });
    expect((await create()).status).toBe(403);
  });
});
