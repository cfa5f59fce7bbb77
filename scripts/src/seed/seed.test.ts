import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import { getFeatures } from '@atende/shared/contracts/account/get-features';
import { getModalNotifications } from '@atende/shared/contracts/account/get-modal-notifications';
import { PLAN_FEATURES } from '@atende/shared/contracts/account/catalogue';
import {
  MANAGER_COMPANY_PERMISSIONS,
  OPERATOR_PERMISSIONS,
  PLAN_ACCESS_ROLLOUT,
} from '@atende/shared/domain/constants';
import { handler as accountHandler } from '@atende/functions/account/handler';
import { handler as authHandler } from '@atende/functions/auth/handler';
import { callRoute } from '@atende/functions/auth/test-gateway';
import { clients } from '@atende/functions/lib/clients';
import { config } from '@atende/functions/lib/config';
import { useTestTables } from '@atende/functions/testing/dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { DEMO, seedDemo } from './seed.ts';

async function snapshot() {
  const { Items } = await clients().document.send(new ScanCommand({ TableName: config().mainTable }));
  return (Items ?? []).sort((left, right) => `${left.pk}${left.sk}`.localeCompare(`${right.pk}${right.sk}`));
}

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  delete process.env.SEED_PASSWORD;
  await useTestTables();
});

describe('seedDemo', () => {
  it('creates the professional demo company with every module on, least-privilege permissions and three working logins', async () => {
    const { company, logins } = await seedDemo();
    expect(company).toMatchObject({
      _id: DEMO.companyId,
      account_type: 'professional',
      account_is_trial: false,
      account_disabled: false,
      modules: { faq: 1 },
    });
    // Least privilege: every permission off; the admin opens what the demo needs.
    for (const name of [...MANAGER_COMPANY_PERMISSIONS, ...OPERATOR_PERMISSIONS]) {
      expect(company.permissions[name], name).toBe(false);
    }
    expect(company.departments.map((department) => department.name)).toEqual(['Vendas', 'Suporte']);
    expect(company.departments[0]?.employees).toEqual([DEMO.employees.operator.id]);
    expect(logins.map((login) => [login.role, login.email])).toEqual([
      ['admin', 'admin@demo.atende.local'],
      ['manager', 'manager@demo.atende.local'],
      ['operator', 'operator@demo.atende.local'],
    ]);
    expect(logins[0]?.password.length).toBeGreaterThanOrEqual(12);

    for (const login of logins) {
      const response = await callRoute(authHandler, createToken, {
        body: { email: login.email, password: login.password },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ employee: { role: login.role, company: DEMO.companyId } });
    }
    const admin = logins[0];
    const session = await callRoute(authHandler, createToken, {
      body: { email: admin?.email, password: admin?.password },
    });
    const token = (session.body as { accessToken: string }).accessToken;
    const features = await callRoute(accountHandler, getFeatures, {
      token,
      params: { companyId: DEMO.companyId },
    });
    expect(features.body).toEqual([...PLAN_FEATURES]);
    const notifications = await callRoute(accountHandler, getModalNotifications, {
      token,
      params: { companyId: DEMO.companyId, accountType: 'professional' },
    });
    expect(notifications.body).toHaveLength(1);
    expect(
      (await snapshot()).find((item) => item.sk === 'PROFILE' && item._id === DEMO.companyId)?.rollouts,
    ).toEqual([
      PLAN_ACCESS_ROLLOUT,
      ROLLOUTS.aiSmartAssistant,
      ROLLOUTS.newFrontendEditor,
      ROLLOUTS.customFields,
      ROLLOUTS.manager,
    ]);
  });

  it('is idempotent: a second run writes nothing and returns the same logins', async () => {
    const first = await seedDemo();
    const before = (await snapshot()).filter((item) => !String(item.pk).startsWith('THROTTLE#'));
    const second = await seedDemo(new Date(Date.now() + 60_000));
    const after = (await snapshot()).filter((item) => !String(item.pk).startsWith('THROTTLE#'));
    expect(second).toEqual(first);
    expect(after).toEqual(before);
  });
});
