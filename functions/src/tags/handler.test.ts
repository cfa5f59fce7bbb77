import { createTag } from '@atende/shared/contracts/tags/create-tag';
import { deleteTag } from '@atende/shared/contracts/tags/delete-tag';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import { updateTag } from '@atende/shared/contracts/tags/update-tag';
import type { TagView } from '@atende/shared/contracts/tags/views';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { getContact } from '@atende/shared/contracts/contacts/get-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

describe('tags', () => {
  it('creates, recolours and deletes a tag, which leaves the contacts that had it', async () => {
    const created = await callRoute(handler, createTag, {
      token: a.admin.token,
      body: { name: 'Cliente VIP', color: '#AABBCC' },
    });
    expect(created.status).toBe(201);
    const tag = created.body as TagView;
    expect(tag).toMatchObject({ name: 'Cliente VIP', color: '#aabbcc' });
    const updated = await callRoute(handler, updateTag, {
      token: a.admin.token,
      params: { id: tag._id },
      body: { color: '#123' },
    });
    expect(updated.body).toMatchObject({ color: '#123' });
    const contact = (
      await callRoute(contactsHandler, createContact, {
        token: a.admin.token,
        body: { full_name: 'Com Tag', tags: [tag._id] },
      })
    ).body as ContactView;
    expect((await callRoute(handler, listTags, { token: a.operator.token })).body).toEqual({
      tags: [{ ...tag, color: '#123' }],
    });
    await callRoute(handler, deleteTag, { token: a.admin.token, params: { id: tag._id } });
    const after = (
      await callRoute(contactsHandler, getContact, { token: a.admin.token, params: { id: contact._id } })
    ).body as ContactView;
    expect(after.tags).toEqual([]);
  });

  it('answers 400 naming the field, 409 for a repeated name, 403 to non-admins, 404 across companies', async () => {
    const bad = await callRoute(handler, createTag, {
      token: a.admin.token,
      body: { name: 'X', color: 'red' },
    });
    expect(bad.body).toMatchObject({
      field: 'color',
      message: `Campo inválido: color: ${ptBR.contacts.invalidColor}`,
    });
    await callRoute(handler, createTag, { token: a.admin.token, body: { name: 'Lead', color: '#000' } });
    const again = await callRoute(handler, createTag, {
      token: a.admin.token,
      body: { name: 'LEAD', color: '#fff' },
    });
    expect(again.status).toBe(409);
    expect(
      (await callRoute(handler, createTag, { token: a.manager.token, body: { name: 'Y', color: '#000' } }))
        .status,
    ).toBe(403);
    const other = (
      await callRoute(handler, createTag, { token: b.admin.token, body: { name: 'De B', color: '#000' } })
    ).body as TagView;
    expect(
      (await callRoute(handler, deleteTag, { token: a.admin.token, params: { id: other._id } })).status,
    ).toBe(404);
  });
});
