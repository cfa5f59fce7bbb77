import { createQuickMessage } from '@atende/shared/contracts/quick-messages/create-quick-message';
import { deleteQuickMessage } from '@atende/shared/contracts/quick-messages/delete-quick-message';
import { listQuickMessages } from '@atende/shared/contracts/quick-messages/list-quick-messages';
import { updateQuickMessage } from '@atende/shared/contracts/quick-messages/update-quick-message';
import type { QuickMessageView } from '@atende/shared/contracts/quick-messages/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

describe('quick messages', () => {
  it('lets every role create, edit, list and delete, with variables kept in the text', async () => {
    const created = await callRoute(handler, createQuickMessage, {
      token: a.operator.token,
      body: { shortcut: 'ola_1', text: 'Olá {{customer_first_name}}!' },
    });
    expect(created.status).toBe(201);
    const message = created.body as QuickMessageView;
    const edited = await callRoute(handler, updateQuickMessage, {
      token: a.manager.token,
      params: { id: message._id },
      body: { text: 'Oi {{customer_first_name}}' },
    });
    expect(edited.body).toMatchObject({ shortcut: 'ola_1', text: 'Oi {{customer_first_name}}' });
    const list = await callRoute(handler, listQuickMessages, { token: a.admin.token });
    expect(
      (list.body as { quick_messages: QuickMessageView[] }).quick_messages.map((m) => m.shortcut),
    ).toEqual(['ola_1']);
    expect(
      (await callRoute(handler, deleteQuickMessage, { token: a.admin.token, params: { id: message._id } }))
        .status,
    ).toBe(200);
  });

  it('refuses shortcuts outside letters, digits and underscore, and repeated ones ignoring case', async () => {
    const bad = await callRoute(handler, createQuickMessage, {
      token: a.admin.token,
      body: { shortcut: 'olá!', text: 'x' },
    });
    expect(bad.body).toMatchObject({
      field: 'shortcut',
      message: `Campo inválido: shortcut: ${ptBR.contacts.invalidShortcut}`,
    });
    await callRoute(handler, createQuickMessage, {
      token: a.admin.token,
      body: { shortcut: 'Tchau', text: 'Até logo' },
    });
    const again = await callRoute(handler, createQuickMessage, {
      token: a.admin.token,
      body: { shortcut: 'tchau', text: 'x' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'shortcut', message: ptBR.contacts.shortcutTaken });
    // Another company has its own shortcuts.
    expect(
      (
        await callRoute(handler, createQuickMessage, {
          token: b.admin.token,
          body: { shortcut: 'tchau', text: 'x' },
        })
      ).status,
    ).toBe(201);
    const theirs = (await callRoute(handler, listQuickMessages, { token: b.admin.token })).body as {
      quick_messages: QuickMessageView[];
    };
    const id = theirs.quick_messages[0]?._id as string;
    expect(
      (await callRoute(handler, deleteQuickMessage, { token: a.admin.token, params: { id } })).status,
    ).toBe(404);
  });
});
