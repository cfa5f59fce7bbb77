import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { deleteContact } from '@atende/shared/contracts/contacts/delete-contact';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import { updateContact } from '@atende/shared/contracts/contacts/update-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createSmartTag } from '@atende/shared/contracts/smart-tags/create-smart-tag';
import { deleteSmartTag } from '@atende/shared/contracts/smart-tags/delete-smart-tag';
import { getSmartTag } from '@atende/shared/contracts/smart-tags/get-smart-tag';
import { listSmartTagContacts } from '@atende/shared/contracts/smart-tags/list-smart-tag-contacts';
import { listSmartTags } from '@atende/shared/contracts/smart-tags/list-smart-tags';
import { previewSmartTag } from '@atende/shared/contracts/smart-tags/preview-smart-tag';
import { updateSmartTag } from '@atende/shared/contracts/smart-tags/update-smart-tag';
import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import type { TagView } from '@atende/shared/contracts/tags/views';
import { PLAN_FEATURES, ROLLOUTS } from '@atende/shared/domain/features';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { readContact } from '../contacts/store.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { domainEventDrain } from '../testing/events.ts';
import { handler } from './handler.ts';
import { fakeRefreshQueue } from './test-queue.ts';

/** Smart tags follow contacts and conversations through their domain events. */
const drainEvents = domainEventDrain();
let a: Tenant;
let b: Tenant;
let queue: ReturnType<typeof fakeRefreshQueue>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

beforeEach(() => {
  queue = fakeRefreshQueue();
});

const newTag = async (tenant: Tenant, name: string) =>
  (await callRoute(tagsHandler, createTag, { token: tenant.admin.token, body: { name, color: '#ff0000' } }))
    .body as TagView;

const newContact = async (tenant: Tenant, body: Record<string, unknown>) => {
  const answer = await callRoute(contactsHandler, createContact, { token: tenant.admin.token, body });
  await drainEvents();
  expect(answer.status).toBe(201);
  return answer.body as ContactView;
};

const smartTag = async (tenant: Tenant, id: string) =>
  (await callRoute(handler, getSmartTag, { token: tenant.admin.token, params: { id } })).body as SmartTagView;

const memberNames = async (tenant: Tenant, id: string) =>
  (
    (await callRoute(handler, listSmartTagContacts, { token: tenant.admin.token, params: { id } })).body as {
      contacts: ContactView[];
    }
  ).contacts
    .map((contact) => contact.full_name)
    .sort();

const profileSmartTags = async (tenant: Tenant, id: string) =>
  ((await readContact(tenant.companyId, id)) as { smart_tags?: string[] } | undefined)?.smart_tags ?? [];

describe('smart tags', () => {
  it('computes the members in the background, then keeps them current as contacts change', async () => {
    const vip = await newTag(a, 'VIP');
    const ana = await newContact(a, { full_name: 'Ana Souza', tags: [vip._id], email: 'ana@cliente.test' });
    const bruno = await newContact(a, { full_name: 'Bruno Lima' });
    const created = await callRoute(handler, createSmartTag, {
      token: a.admin.token,
      body: {
        name: 'Clientes VIP',
        color: '#00AA00',
        conditions: [{ field: 'tags', operator: 'includes', value: vip._id }],
      },
    });
    expect(created.status).toBe(201);
    const tag = created.body as SmartTagView;
    expect(tag).toMatchObject({ status: 'pending', members_count: 0, color: '#00aa00', time_based: false });

    expect(await queue.drain()).toBe(1);
    expect(await smartTag(a, tag._id)).toMatchObject({
      status: 'ready',
      members_count: 1,
      progress: { processed: 2, total: 2 },
    });
    expect(await memberNames(a, tag._id)).toEqual(['Ana Souza']);
    expect(await profileSmartTags(a, ana._id)).toEqual([tag._id]);

    await callRoute(contactsHandler, updateContact, {
      token: a.admin.token,
      params: { id: bruno._id },
      body: { full_name: 'Bruno Lima', tags: [vip._id] },
    });
    await drainEvents();
    expect((await smartTag(a, tag._id)).members_count).toBe(2);
    const listed = await callRoute(contactsHandler, listContacts, {
      token: a.admin.token,
      query: { smart_tag: tag._id },
    });
    expect(
      (listed.body as { contacts: ContactView[] }).contacts.map((contact) => [
        contact.full_name,
        contact.smart_tags,
      ]),
    ).toEqual([
      ['Ana Souza', [tag._id]],
      ['Bruno Lima', [tag._id]],
    ]);
    const elsewhere = await callRoute(contactsHandler, listContacts, {
      token: b.admin.token,
      query: { smart_tag: tag._id },
    });
    expect((elsewhere.body as { contacts: ContactView[] }).contacts).toEqual([]);
    await callRoute(contactsHandler, updateContact, {
      token: a.admin.token,
      params: { id: ana._id },
      body: { full_name: 'Ana Souza', tags: [] },
    });
    await drainEvents();
    expect(await memberNames(a, tag._id)).toEqual(['Bruno Lima']);
    expect(await profileSmartTags(a, ana._id)).toEqual([]);
    await callRoute(contactsHandler, deleteContact, { token: a.admin.token, params: { id: bruno._id } });
    await drainEvents();
    expect(await smartTag(a, tag._id)).toMatchObject({ members_count: 0 });
    expect(await memberNames(a, tag._id)).toEqual([]);
    expect(queue.pending).toEqual([]);
  });

  it('recomputes after a rule change, not after a rename, and clears the members of a removed smart tag', async () => {
    await newContact(a, { full_name: 'Carla Dias', email: 'carla@empresa.test' });
    await newContact(a, { full_name: 'Caio Prado', email: 'caio@outra.test' });
    const tag = (
      await callRoute(handler, createSmartTag, {
        token: a.admin.token,
        body: {
          name: 'Empresa',
          color: '#123',
          conditions: [{ field: 'email', operator: 'contains', value: 'empresa.test' }],
        },
      })
    ).body as SmartTagView;
    await queue.drain();
    expect(await memberNames(a, tag._id)).toEqual(['Carla Dias']);

    const renamed = await callRoute(handler, updateSmartTag, {
      token: a.admin.token,
      params: { id: tag._id },
      body: { name: 'Empresa parceira' },
    });
    expect(renamed.body).toMatchObject({ name: 'Empresa parceira', status: 'ready', members_count: 1 });
    expect(queue.pending).toEqual([]);

    const changed = await callRoute(handler, updateSmartTag, {
      token: a.admin.token,
      params: { id: tag._id },
      body: { match: 'any', conditions: [{ field: 'full_name', operator: 'starts_with', value: 'ca' }] },
    });
    expect(changed.body).toMatchObject({ status: 'pending', match: 'any' });
    await queue.drain();
    expect(await memberNames(a, tag._id)).toEqual(['Caio Prado', 'Carla Dias']);
    expect((await smartTag(a, tag._id)).members_count).toBe(2);

    const carla = (
      (await callRoute(handler, listSmartTagContacts, { token: a.admin.token, params: { id: tag._id } }))
        .body as {
        contacts: ContactView[];
      }
    ).contacts[0] as ContactView;
    expect(await profileSmartTags(a, carla._id)).toContain(tag._id);
    const removed = await callRoute(handler, deleteSmartTag, {
      token: a.admin.token,
      params: { id: tag._id },
    });
    expect(removed.body).toEqual({ deleted: tag._id });
    await queue.drain();
    expect(await profileSmartTags(a, carla._id)).not.toContain(tag._id);
    expect(
      (await callRoute(handler, getSmartTag, { token: a.admin.token, params: { id: tag._id } })).status,
    ).toBe(404);
  });

  it('previews how many contacts a draft rule matches', async () => {
    const preview = await callRoute(handler, previewSmartTag, {
      token: a.admin.token,
      body: { conditions: [{ field: 'full_name', operator: 'starts_with', value: 'ca' }] },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ matched: 2, scanned: 3, complete: true });
  });

  it('answers 400 naming the field, 409 for a repeated name', async () => {
    const badOperator = await callRoute(handler, createSmartTag, {
      token: a.admin.token,
      body: {
        name: 'X',
        color: '#000',
        conditions: [{ field: 'channel', operator: 'contains', value: 'x' }],
      },
    });
    expect(badOperator.status).toBe(400);
    expect(badOperator.body).toMatchObject({
      field: 'conditions.0.operator',
      message: `Campo inválido: conditions.0.operator: ${ptBR.smartTags.operatorInvalid}`,
    });
    const noConditions = await callRoute(handler, createSmartTag, {
      token: a.admin.token,
      body: { name: 'X', color: '#000', conditions: [] },
    });
    expect(noConditions.body).toMatchObject({
      field: 'conditions',
      message: `Campo inválido: conditions: ${ptBR.smartTags.conditionsRequired}`,
    });
    const unknownTag = await callRoute(handler, createSmartTag, {
      token: a.admin.token,
      body: {
        name: 'X',
        color: '#000',
        conditions: [{ field: 'tags', operator: 'includes', value: 'f'.repeat(24) }],
      },
    });
    expect(unknownTag.body).toMatchObject({
      field: 'conditions.0.value',
      message: `Campo inválido: conditions.0.value: ${ptBR.smartTags.tagNotFound}`,
    });
    const days = await callRoute(handler, createSmartTag, {
      token: a.admin.token,
      body: {
        name: 'X',
        color: '#000',
        conditions: [{ field: 'last_conversation_at', operator: 'not_within_last_days', value: 0 }],
      },
    });
    expect(days.body).toMatchObject({ field: 'conditions.0.value' });
    const body = {
      name: 'Sem e-mail',
      color: '#000',
      conditions: [{ field: 'email', operator: 'not_exists' }],
    };
    expect((await callRoute(handler, createSmartTag, { token: a.admin.token, body })).status).toBe(201);
    const again = await callRoute(handler, createSmartTag, {
      token: a.admin.token,
      body: { ...body, name: 'SEM E-MAIL' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'name', message: ptBR.smartTags.nameTaken });
  });

  it("keeps each company's smart tags to itself and to its admins", async () => {
    const [tag] = (
      (await callRoute(handler, listSmartTags, { token: a.admin.token })).body as {
        smart_tags: SmartTagView[];
      }
    ).smart_tags as [SmartTagView];
    const id = { id: tag._id };
    expect((await callRoute(handler, getSmartTag, { token: b.admin.token, params: id })).status).toBe(404);
    expect(
      (
        await callRoute(handler, updateSmartTag, {
          token: b.admin.token,
          params: id,
          body: { name: 'Roubada' },
        })
      ).status,
    ).toBe(404);
    expect((await callRoute(handler, deleteSmartTag, { token: b.admin.token, params: id })).status).toBe(404);
    expect(
      (await callRoute(handler, listSmartTagContacts, { token: b.admin.token, params: id })).status,
    ).toBe(404);
    expect((await callRoute(handler, listSmartTags, { token: b.admin.token })).body).toEqual({
      smart_tags: [],
    });
    expect((await callRoute(handler, listSmartTags, { token: a.manager.token })).status).toBe(403);
    expect((await callRoute(handler, getSmartTag, { token: a.operator.token, params: id })).status).toBe(403);
    expect((await smartTag(a, tag._id)).name).toBe(tag.name);
  });

  it('is refused to a company whose plan lacks the smart-tags feature', async () => {
    await setCompany(b.companyId, { rollouts: [ROLLOUTS.planAccessControl], plan_features: ['webhooks'] });
    expect((await callRoute(handler, listSmartTags, { token: b.admin.token })).status).toBe(403);
    const refused = await callRoute(handler, createSmartTag, {
      token: b.admin.token,
      body: { name: 'Y', color: '#000', conditions: [{ field: 'email', operator: 'exists' }] },
    });
    expect(refused.status).toBe(403);
    expect(queue.pending).toEqual([]);
    await setCompany(b.companyId, { plan_features: [PLAN_FEATURES.smartTags] });
    expect((await callRoute(handler, listSmartTags, { token: b.admin.token })).status).toBe(200);
  });
});
