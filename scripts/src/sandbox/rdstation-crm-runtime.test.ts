import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import { adminClient, eventually, standInWebRoot } from '../testing/runtime-client.ts';

/**
 * RD Station CRM sync end to end through the local runtime: the install form's alias and token, the real API,
 * the table's stream, the crm-sync queue and consumer, and the sandbox's fake RD Station CRM answering in its
 * documented shapes.
 */
let runtime: TestRuntime;
let call: (method: string, path: string, body?: unknown) => Promise<Response>;
const TOKEN = 'rd-crm-runtime-token-0001';

beforeAll(async () => {
  runtime = await startTestRuntime({ webRoot: standInWebRoot() });
  ({ call } = await adminClient(runtime));
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

const contactNamed = (name: string) => () =>
  runtime.sandbox.rdStationCrm.contacts(TOKEN).find((contact) => contact.name === name);

describe('RD Station CRM sync through the sandbox', () => {
  it('mirrors a contact created here and logs a closed conversation as an annotation on a deal made for it', async () => {
    const installed = await call('POST', '/apps/rdstation', { alias: 'Vendas', token: TOKEN });
    expect(installed.status).toBe(201);

    const created = await call('POST', '/contacts', {
      full_name: 'Clara Nunes',
      cel_phone: '(85) 98877-6655',
      email: 'clara@cliente.com.br',
    });
    expect(created.status).toBe(201);
    const clara = await eventually(contactNamed('Clara Nunes'));
    expect(clara).toMatchObject({
      emails: [{ email: 'clara@cliente.com.br' }],
      phones: [{ phone: '+5585988776655', type: 'cellphone' }],
    });

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
    const annotation = await eventually(() => runtime.sandbox.rdStationCrm.activities(TOKEN)[0]);
    const otavio = contactNamed('Otávio Prado')();
    const deal = runtime.sandbox.rdStationCrm.deals(TOKEN).find((entry) => entry._id === annotation.deal_id);
    expect(deal?.name).toBe('Atendimento - Otávio Prado');
    expect(otavio?.deal_ids).toEqual([deal?._id]);
    expect(annotation.text).toContain('Atendimento encerrado');
    expect(annotation.text).toContain('Otávio Prado: Preciso de uma proposta <urgente>');
    expect(annotation.text).not.toContain('<b>');
  }, 120_000);
});
