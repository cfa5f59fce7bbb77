import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  createSuggestion,
  listSuggestions,
  type SuggestionView,
  updateSuggestionStatus,
  voteSuggestion,
} from '@atende/shared/contracts/suggestions/routes';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, login, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { employeeEntity } from '../auth/entities.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

describe('suggestions (app/sugestions, admin)', () => {
  it('an admin sends one, sees its status; another admin votes once; other companies see nothing', async () => {
    const sent = await callRoute(handler, createSuggestion, {
      token: a.admin.token,
      body: { title: 'Exportar conversas em PDF', description: 'Para anexar em processos.' },
    });
    expect(sent.status).toBe(201);
    const suggestion = sent.body as SuggestionView;
    expect(suggestion).toMatchObject({ status: 'received', votes: 0, mine: true });

    expect(
      (await callRoute(handler, voteSuggestion, { token: a.admin.token, params: { id: suggestion._id } }))
        .status,
    ).toBe(403);
    // The manager is promoted to admin to vote as a second admin of the company.
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: employeeEntity.key(a.companyId, a.manager.id),
        UpdateExpression: 'SET #role = :admin',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':admin': 'admin' },
      }),
    );
    const second = await login(a.manager.email);
    const voted = await callRoute(handler, voteSuggestion, { token: second, params: { id: suggestion._id } });
    expect(voted.body).toMatchObject({ votes: 1, voted: true, mine: false });
    expect(
      (await callRoute(handler, voteSuggestion, { token: second, params: { id: suggestion._id } })).status,
    ).toBe(409);
    const seen = (await callRoute(handler, listSuggestions, { token: a.admin.token })).body as {
      items: SuggestionView[];
    };
    expect(seen.items.find((item) => item._id === suggestion._id)).toMatchObject({
      votes: 1,
      voted: false,
      mine: true,
    });
    const bAdminVote = await callRoute(handler, voteSuggestion, {
      token: b.admin.token,
      params: { id: suggestion._id },
    });
    expect(bAdminVote.status).toBe(404);
    expect(
      ((await callRoute(handler, listSuggestions, { token: b.admin.token })).body as { items: unknown[] })
        .items,
    ).toEqual([]);
    expect(
      (await callRoute(handler, voteSuggestion, { token: a.admin.token, params: { id: newObjectId() } }))
        .status,
    ).toBe(404);
  });

  it('is for admins only and validates the fields', async () => {
    for (const who of ['manager', 'operator'] as const) {
      expect((await callRoute(handler, listSuggestions, { token: b[who].token })).status).toBe(403);
    }
    const empty = await callRoute(handler, createSuggestion, {
      token: b.admin.token,
      body: { title: ' ', description: 'x' },
    });
    expect(empty.body).toMatchObject({ field: 'title' });
  });

  it('lets an admin move a suggestion along its review, which its author then sees', async () => {
    const sent = (
      await callRoute(handler, createSuggestion, {
        token: b.admin.token,
        body: { title: 'Filtro por canal', description: 'Na lista de contatos.' },
      })
    ).body as SuggestionView;
    expect(sent.status_changed).toBeNull();
    const move = (status: string, token = b.admin.token, id = sent._id) =>
      callRoute(handler, updateSuggestionStatus, { token, params: { id }, body: { status } });

    const skipped = await move('done');
    expect(skipped.status).toBe(400);
    expect(skipped.body).toMatchObject({
      field: 'status',
      message: expect.stringContaining('"Recebida" para "Concluída"'),
    });
    expect((await move('shipped')).status).toBe(400);
    for (const who of ['manager', 'operator'] as const) {
      expect((await move('reviewing', b[who].token)).status).toBe(403);
    }
    expect((await move('reviewing', a.admin.token)).status).toBe(404);
    expect((await move('reviewing', b.admin.token, newObjectId())).status).toBe(404);

    const reviewing = await move('reviewing');
    expect(reviewing.status).toBe(200);
    expect(reviewing.body).toMatchObject({ status: 'reviewing', status_changed: { by: expect.any(String) } });
    expect((await move('planned')).body).toMatchObject({ status: 'planned' });
    expect((await move('done')).body).toMatchObject({ status: 'done' });
    const final = await move('declined');
    expect(final.status).toBe(400);
    expect(final.body).toMatchObject({ message: expect.stringContaining(ptBR.suggestions.status.done) });

    const listed = (await callRoute(handler, listSuggestions, { token: b.admin.token })).body as {
      items: SuggestionView[];
    };
    expect(listed.items.find((item) => item._id === sent._id)).toMatchObject({
      status: 'done',
      mine: true,
      status_changed: { at: expect.any(String) },
    });
  });
});
