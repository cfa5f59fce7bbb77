import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createSmartTag } from '@atende/shared/contracts/smart-tags/create-smart-tag';
import { listSmartTagContacts } from '@atende/shared/contracts/smart-tags/list-smart-tag-contacts';
import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { importGroup } from '../imports/import-rows.ts';
import { testImportJob, testRowContext } from '../imports/test-job.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { domainEventDrain } from '../testing/events.ts';
import { handler } from './handler.ts';
import { refreshCompanySmartTags } from './run-start.ts';
import { fakeRefreshQueue } from './test-queue.ts';

const drainEvents = domainEventDrain();
let tenant: Tenant;
let queue: ReturnType<typeof fakeRefreshQueue>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  queue = fakeRefreshQueue();
  tenant = await createTenant();
});

const members = async (id: string) =>
  (
    (await callRoute(handler, listSmartTagContacts, { token: tenant.admin.token, params: { id } })).body as {
      contacts: ContactView[];
    }
  ).contacts
    .map((contact) => contact.full_name)
    .sort();

describe('smart tags and imported contacts', () => {
  it('leave an imported contact to the recompute the import queues, and follow a contact made by hand', async () => {
    const tag = (
      await callRoute(handler, createSmartTag, {
        token: tenant.admin.token,
        body: {
          name: 'Iaras',
          color: '#336699',
          conditions: [{ field: 'full_name', operator: 'starts_with', value: 'iara' }],
        },
      })
    ).body as SmartTagView;
    await queue.drain();
    await drainEvents();
    await importGroup(testImportJob(tenant.companyId), [[0, { Nome: 'Iara Importada' }]], testRowContext());
    await callRoute(contactsHandler, createContact, {
      token: tenant.admin.token,
      body: { full_name: 'Iara Manual' },
    });
    await drainEvents();
    expect(await members(tag._id)).toEqual(['Iara Manual']);
    await refreshCompanySmartTags(tenant.companyId);
    await queue.drain();
    expect(await members(tag._id)).toEqual(['Iara Importada', 'Iara Manual']);
  });
});
