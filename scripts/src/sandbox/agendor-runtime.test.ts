import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import { adminClient, eventually, standInWebRoot } from '../testing/runtime-client.ts';

/**
 * Agendor sync end to end through the local runtime: the real API, the table's stream, the crm-sync queue and
 * consumer, and the sandbox's fake Agendor answering in its documented shapes, rate limit and errors included.
 */
let runtime: TestRuntime;
let call: (method: string, path: string, body?: unknown) => Promise<Response>;
const TOKEN = 'ag-runtime-token-0001';

beforeAll(async () => {
  runtime = await startTestRuntime({ webRoot: standInWebRoot() });
  ({ call } = await adminClient(runtime));
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

const personNamed = (name: string) => () =>
  runtime.sandbox.agendor.people(TOKEN).find((person) => person.name === name);

describe('Agendor sync through the sandbox', () => {
  it('mirrors contacts as people (waiting out a rate limit, linking an existing one by e-mail) and logs a closed conversation in the history', async () => {
    const installed = await call('POST', '/apps/agendor', { token: TOKEN });
    expect(installed.status).toBe(201);
    const listed = (await (await call('GET', '/apps')).json()) as {
      apps: { name: string; installation: { credentials_set: string[] } | null }[];
    };
    expect(listed.apps.find((app) => app.name === 'agendor')?.installation?.credentials_set).toEqual([
      'token',
    ]);
    expect(JSON.stringify(listed)).not.toContain(TOKEN);

    const created = await call('POST', '/contacts', {
      full_name: 'Clara Nunes',
      cel_phone: '(85) 98877-6655',
      email: 'clara@cliente.com.br',
    });
    expect(created.status).toBe(201);
    const contact = (await created.json()) as { _id: string };
    const person = await eventually(personNamed('Clara Nunes'));
    expect(person.contact).toMatchObject({
      email: 'clara@cliente.com.br',
      mobile: '+5585988776655',
      whatsapp: '+5585988776655',
    });
    const posted = runtime.sandbox.sent('agendor').find((request) => request.method === 'POST');
    expect(posted?.path).toBe('/v3/people');
    expect(posted?.headers.authorization).toBe(`Token ${TOKEN}`);

    // Agendor answers the next write 429 with Retry-After: 1; the sync waits and updates the same person.
    runtime.sandbox.failNext('agendor', 'rate_limit', { retryAfter: 1 });
    expect((await call('PATCH', `/contacts/${contact._id}`, { full_name: 'Clara Nunes Lima' })).status).toBe(
      200,
    );
    const updated = await eventually(personNamed('Clara Nunes Lima'));
    expect(updated.id).toBe(person.id);
    expect(
      runtime.sandbox
        .sent('agendor')
        .filter((request) => request.method === 'PUT')
        .map((request) => request.response.status),
    ).toEqual([429, 200]);
    expect(runtime.sandbox.agendor.people(TOKEN)).toHaveLength(1);

    // A contact whose e-mail Agendor already has (added there by a salesperson) is linked to that person.
    runtime.sandbox.agendor.addPerson(TOKEN, { id: 7001, name: 'Bia Vendas', email: 'bia@cliente.com.br' });
    const existing = await call('POST', '/contacts', {
      full_name: 'Beatriz Souza',
      email: 'bia@cliente.com.br',
    });
    expect(existing.status).toBe(201);
    const linked = await eventually(personNamed('Beatriz Souza'));
    expect(linked.id).toBe(7001);
    expect(runtime.sandbox.agendor.people(TOKEN)).toHaveLength(2);

    // A conversation closed here becomes a comment with its transcript in the customer's history.
    const widget = (
      (await (await call('POST', '/integrations/channels', { type: 'widget', label: 'Site' })).json()) as {
        _id: string;
      }
    )._id;
    const session = await fetch(`${runtime.url}/api/widget/${widget}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Otávio Prado' }),
    });
    const { token } = (await session.json()) as { token: string };
    const sent = await fetch(`${runtime.url}/api/widget/${widget}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: `msg-${Date.now()}`, text: 'Preciso de uma proposta <urgente>' }),
    });
    expect(sent.status).toBeLessThan(300);
    const conversation = await eventually(async () => {
      const page = await call('GET', '/conversations?tab=all');
      const { items } = (await page.json()) as { items: { _id: string; customer: { full_name: string } }[] };
      return items.find((item) => item.customer.full_name === 'Otávio Prado')?._id;
    });
    expect((await call('POST', `/conversations/${conversation}/close`, {})).status).toBe(200);
    const comment = await eventually(() => runtime.sandbox.agendor.tasks(TOKEN)[0]);
    const otavio = runtime.sandbox.agendor.people(TOKEN).find((entry) => entry.name === 'Otávio Prado');
    expect(comment.person.id).toBe(otavio?.id);
    expect(comment.dueDate).toBeNull();
    expect(comment.text).toContain('Atendimento encerrado');
    expect(comment.text).toContain('Otávio Prado: Preciso de uma proposta <urgente>');
    expect(comment.text).not.toContain('<b>');
  }, 120_000);

  it('drops a change Agendor refuses for good (revoked token) and keeps syncing the next ones', async () => {
    runtime.sandbox.failNext('agendor', 'auth');
    const refused = await call('POST', '/contacts', {
      full_name: 'Recusado Agora',
      email: 'r@cliente.com.br',
    });
    expect(refused.status).toBe(201);
    await eventually(() =>
      runtime.sandbox.sent('agendor').find((request) => request.response.status === 401),
    );
    const next = await call('POST', '/contacts', { full_name: 'Aceito Depois', email: 'a@cliente.com.br' });
    expect(next.status).toBe(201);
    await eventually(personNamed('Aceito Depois'));
    expect(personNamed('Recusado Agora')()).toBeUndefined();
  }, 120_000);
});
