import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import { adminClient, eventually, standInWebRoot } from '../testing/runtime-client.ts';

/**
 * Pipedrive sync end to end through the local runtime: the real API, the table's stream, the dispatcher, the
 * crm-sync queue and consumer, and the sandbox's fake Pipedrive answering in its documented shapes.
 */
let runtime: TestRuntime;
let call: (method: string, path: string, body?: unknown) => Promise<Response>;
const TOKEN = 'pd-runtime-token';

beforeAll(async () => {
  runtime = await startTestRuntime({ webRoot: standInWebRoot() });
  ({ call } = await adminClient(runtime));
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

const personNamed = (name: string) => () =>
  runtime.sandbox.pipedrive.persons(TOKEN).find((person) => person.name === name);

/** A site visitor writes through the widget, so a contact and a conversation exist. */
async function visitorWrites(name: string, text: string): Promise<string> {
  const created = await call('POST', '/integrations/channels', { type: 'widget', label: 'Site' });
  const widget = ((await created.json()) as { _id: string })._id;
  const session = await fetch(`${runtime.url}/api/widget/${widget}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const { token } = (await session.json()) as { token: string };
  const sent = await fetch(`${runtime.url}/api/widget/${widget}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ id: `msg-${Date.now()}`, text }),
  });
  expect(sent.status).toBeLessThan(300);
  return eventually(async () => {
    const listed = await call('GET', '/conversations?tab=all');
    const { items } = (await listed.json()) as { items: { _id: string; customer: { full_name: string } }[] };
    return items.find((item) => item.customer.full_name === name)?._id;
  });
}

describe('Pipedrive sync through the sandbox', () => {
  it('mirrors contacts as persons (waiting out a rate limit), takes person edits back, logs a closed conversation as a note', async () => {
    const installed = await call('POST', '/apps/pipedrive', { token: TOKEN, domain: 'empresa-teste' });
    expect(installed.status).toBe(201);

    const created = await call('POST', '/contacts', {
      full_name: 'Maria Souza',
      cel_phone: '(85) 98888-1234',
      email: 'maria@cliente.com.br',
    });
    expect(created.status).toBe(201);
    const contact = (await created.json()) as { _id: string };
    const person = await eventually(personNamed('Maria Souza'));
    expect(person.phone).toEqual([{ label: 'mobile', value: '+5585988881234', primary: true }]);
    expect(person.email).toEqual([{ label: 'work', value: 'maria@cliente.com.br', primary: true }]);
    const sentPerson = runtime.sandbox
      .sent('pipedrive')
      .find((request) => request.path === '/api/v1/persons');
    expect(sentPerson?.headers['x-api-token']).toBe(TOKEN);

    // Pipedrive answers the next write with 429 and x-ratelimit-reset: 1; the sync waits and updates the person.
    runtime.sandbox.failNext('pipedrive', 'rate_limit', { retryAfter: 1 });
    const renamed = await call('PATCH', `/contacts/${contact._id}`, { full_name: 'Maria Souza Lima' });
    expect(renamed.status).toBe(200);
    const updated = await eventually(personNamed('Maria Souza Lima'));
    expect(updated.id).toBe(person.id);
    const statuses = runtime.sandbox
      .sent('pipedrive')
      .filter((request) => request.method === 'PUT')
      .map((request) => request.response.status);
    expect(statuses).toEqual([429, 200]);
    expect(runtime.sandbox.pipedrive.persons(TOKEN)).toHaveLength(1);

    // A salesperson edits the person in Pipedrive: its webhook (subscribed at install) updates the contact here.
    const hooks = runtime.sandbox.pipedrive.webhooks(TOKEN);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({
      event_action: '*',
      event_object: 'person',
      http_auth_user: 'atende',
    });
    const delivered = await runtime.sandbox.pipedrive.editPerson(TOKEN, person.id, {
      name: 'Maria S. Lima',
      email: [{ label: 'work', value: 'Maria.Lima@Empresa.com.br', primary: true }],
    });
    expect(delivered).toEqual([200]);
    const contactAfter = await call('GET', `/contacts/${contact._id}`);
    expect(await contactAfter.json()).toMatchObject({
      full_name: 'Maria S. Lima',
      email: 'maria.lima@empresa.com.br',
    });
    const forged = await fetch(hooks[0]?.subscription_url ?? '', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('atende:errada').toString('base64')}`,
      },
      body: JSON.stringify({
        meta: { action: 'updated', object: 'person' },
        current: { id: person.id, name: 'Invasor' },
      }),
    });
    expect(forged.status).toBe(401);

    // A conversation closed here becomes a note with its transcript on the customer's person.
    const conversation = await visitorWrites('Renata Compras', 'Quero saber o prazo de entrega <urgente>');
    const closed = await call('POST', `/conversations/${conversation}/close`, {});
    expect(closed.status).toBe(200);
    const note = await eventually(() => runtime.sandbox.pipedrive.notes(TOKEN)[0]);
    const renata = runtime.sandbox.pipedrive.persons(TOKEN).find((entry) => entry.name === 'Renata Compras');
    expect(note.person_id).toBe(renata?.id);
    expect(note.content).toContain('<b>Atendimento encerrado');
    expect(note.content).toContain('<b>Renata Compras</b>: Quero saber o prazo de entrega &lt;urgente&gt;');
  }, 120_000);

  it('creates a contact for a person added in Pipedrive, unlinks a deleted one, and unsubscribes on uninstall', async () => {
    const personsBefore = runtime.sandbox.pipedrive.persons(TOKEN).length;
    const added = await runtime.sandbox.pipedrive.addPerson(TOKEN, {
      id: 9001,
      name: 'Paulo Novo',
      email: 'paulo.novo@cliente.com.br',
      phone: '+5585977776666',
    });
    expect(added).toEqual([200]);
    const listed = await call('GET', '/contacts?search=Paulo%20Novo');
    const { contacts: items } = (await listed.json()) as {
      contacts: { _id: string; email?: string; cel_phone?: string }[];
    };
    expect(items).toEqual([
      expect.objectContaining({ email: 'paulo.novo@cliente.com.br', cel_phone: '+5585977776666' }),
    ]);
    // Its contact.created event reaches the sync, which finds the link and updates the person, never a copy.
    const renamed = await call('PATCH', `/contacts/${items[0]?._id}`, { full_name: 'Paulo Novo Silva' });
    expect(renamed.status).toBe(200);
    await eventually(personNamed('Paulo Novo Silva'));
    expect(runtime.sandbox.pipedrive.persons(TOKEN)).toHaveLength(personsBefore + 1);

    // Deleted in Pipedrive: the contact stays here, unlinked.
    expect(await runtime.sandbox.pipedrive.deletePerson(TOKEN, 9001)).toEqual([200]);
    expect((await call('GET', `/contacts/${items[0]?._id}`)).status).toBe(200);

    expect(runtime.sandbox.pipedrive.webhooks(TOKEN)).toHaveLength(1);
    expect((await call('DELETE', '/apps/pipedrive')).status).toBe(200);
    expect(runtime.sandbox.pipedrive.webhooks(TOKEN)).toEqual([]);
  }, 120_000);
});
