import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createContactExport } from '@atende/shared/contracts/contacts/create-contact-export';
import { getContactImport } from '@atende/shared/contracts/contacts/get-contact-import';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../auth/keys.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { fakeAws } from './test-aws.ts';

let a: Tenant;

const setPermissions = (companyId: string, permissions: Record<string, boolean>) =>
  clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: keys.company(companyId),
      UpdateExpression: 'SET #permissions = :permissions',
      ExpressionAttributeNames: { '#permissions': 'permissions' },
      ExpressionAttributeValues: { ':permissions': permissions },
    }),
  );

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  await fakeAws();
  a = await createTenant();
});

describe('operator import/export equivalents (spec point 6)', () => {
  it('refuses an operator without operator_contacts:export-base and lets one with it export', async () => {
    await setPermissions(a.companyId, {});
    const refused = await callRoute(contactsHandler, createContactExport, {
      token: a.operator.token,
      body: {},
    });
    expect(refused.status).toBe(403);
    await setPermissions(a.companyId, { 'operator_contacts:export-base': true });
    const allowed = await callRoute(contactsHandler, createContactExport, {
      token: a.operator.token,
      body: {},
    });
    expect(allowed.status).toBe(202);
    // The manager's flag is not the operator's.
    await setPermissions(a.companyId, { 'contacts:export-base': true });
    expect(
      (await callRoute(contactsHandler, createContactExport, { token: a.operator.token, body: {} })).status,
    ).toBe(403);
  });

  it('refuses an operator without operator_contacts:import-base and lets one with it reach imports', async () => {
    const id = newObjectId();
    await setPermissions(a.companyId, {});
    expect(
      (await callRoute(contactsHandler, getContactImport, { token: a.operator.token, params: { id } }))
        .status,
    ).toBe(403);
    await setPermissions(a.companyId, { 'operator_contacts:import-base': true });
    expect(
      (await callRoute(contactsHandler, getContactImport, { token: a.operator.token, params: { id } }))
        .status,
    ).toBe(404);
  });
});
