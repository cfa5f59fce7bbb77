import { getContactOrigin, type ContactOriginView } from '@atende/shared/contracts/analytics/contact-origin';
import { createApiKey } from '@atende/shared/contracts/api-keys/routes';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { PLAN_FEATURES, ROLLOUTS } from '@atende/shared/domain/features';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as apiKeysHandler } from '../api-keys/handler.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { setCompany } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { findOrCreateCustomer } from '../contacts/customer-record.ts';
import { domainEventDrain } from '../testing/events.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { countContact } from './contact-origin.ts';
import { handler } from './handler.ts';

const drain = domainEventDrain();
let inbox: Inbox;
let other: Inbox;
const TRACKING = { rollouts: [ROLLOUTS.planAccessControl], plan_features: [PLAN_FEATURES.contactTracking] };

const originsOf = async (token: string, from: string, to: string) =>
  callRoute(handler, getContactOrigin, { token, query: { from, to } });

const now = () => new Date();
const around = () => ({
  from: new Date(Date.now() - 86_400_000).toISOString(),
  to: new Date(Date.now() + 86_400_000).toISOString(),
});

beforeAll(async () => {
  await useTestTables();
  [inbox, other] = await Promise.all([createInbox(), createInbox()]);
  await Promise.all([setCompany(inbox.companyId, TRACKING), setCompany(other.companyId, TRACKING)]);
  await drain();
  // The contacts screen (manual), an integrator's API key (api), a first WhatsApp message and a widget visitor
  // (inbound per channel), a CRM's sync (pipedrive), and a contact older than origins (unknown).
  const manual = await callRoute(contactsHandler, createContact, {
    token: inbox.admin.token,
    body: { full_name: 'Cadastro Manual', cel_phone: '(85) 98888-0001' },
  });
  expect(manual.status).toBe(201);
  const key = await callRoute(apiKeysHandler, createApiKey, {
    token: inbox.admin.token,
    body: { name: 'Integração', scopes: ['*'] },
  });
  const api = await callRoute(contactsHandler, createContact, {
    apiKey: (key.body as { key: string }).key,
    body: { full_name: 'Via API', cel_phone: '(85) 98888-0002' },
  });
  expect(api.status).toBe(201);
  await deliverInbound(
    inboundText(inbox, { channel: 'whatsapp', integrationId: inbox.whatsapp, externalId: '5585988880003' }),
  );
  await deliverInbound(inboundText(inbox, { externalId: 'visitor-1' }));
  // Three widget visitors with their landing page and UTM parameters (one page without any).
  const landing = 'https://loja.example.com/promocao';
  for (const [visitor, origin] of [
    ['visitor-2', { page: landing, utm: { source: 'google', medium: 'cpc', campaign: 'bf' } }],
    ['visitor-3', { page: landing, utm: { source: 'instagram', campaign: 'bf' } }],
    ['visitor-4', { page: 'https://loja.example.com/' }],
  ] as const) {
    await deliverInbound(inboundText(inbox, { from: { externalId: visitor, name: 'Visitante', origin } }));
  }
  // A second message of the same visitor creates no contact and counts nothing again.
  await deliverInbound(
    inboundText(inbox, { from: { externalId: 'visitor-2', name: 'Visitante', origin: { page: landing } } }),
  );
  await findOrCreateCustomer(
    inbox.companyId,
    { channel: 'whatsapp', integrationId: inbox.whatsapp, externalId: '5585988880004' },
    now(),
    'campaign',
  );
  await drain();
  await countContact(inbox.companyId, newObjectId(), 'unknown', new Date().toISOString());
  // The other company's contact must never show up in the first one's counts.
  await callRoute(contactsHandler, createContact, {
    token: other.admin.token,
    body: { full_name: 'De outra empresa', cel_phone: '(85) 98888-0009' },
  });
  await drain();
});

describe('contact origin', () => {
  it('counts each contact once under how it was created', async () => {
    const { from, to } = around();
    const answer = await originsOf(inbox.admin.token, from, to);
    expect(answer.status).toBe(200);
    const view = answer.body as ContactOriginView;
    const counts = Object.fromEntries(view.rows.map((row) => [row.key, row.contacts]));
    expect(counts).toEqual({ manual: 1, api: 1, whatsapp: 1, widget: 4, campaign: 1, unknown: 1 });
    expect(view.total).toBe(9);
    expect(view.rows.find((row) => row.key === 'unknown')?.label).toBe('Não informado');
    expect(view.rows.find((row) => row.key === 'manual')?.label).toBe('Cadastro manual');
    const perDay = view.days.reduce(
      (sum, day) => sum + Object.values(day.counts).reduce((a, b) => a + b, 0),
      0,
    );
    expect(perDay).toBe(9);
  });

  it("breaks the widget's contacts down by landing page and UTM parameters", async () => {
    const { from, to } = around();
    const view = (await originsOf(inbox.admin.token, from, to)).body as ContactOriginView;
    expect(view.details).toEqual({
      page: [
        { key: 'https://loja.example.com/promocao', contacts: 2 },
        { key: 'https://loja.example.com/', contacts: 1 },
      ],
      utm_source: [
        { key: '', contacts: 1 },
        { key: 'google', contacts: 1 },
        { key: 'instagram', contacts: 1 },
      ],
      utm_medium: [
        { key: '', contacts: 2 },
        { key: 'cpc', contacts: 1 },
      ],
      utm_campaign: [
        { key: 'bf', contacts: 2 },
        { key: '', contacts: 1 },
      ],
    });
  });

  it('changes nothing when an event is delivered again (counted once per contact)', async () => {
    const events = await drain();
    expect(events).toEqual([]);
    const contact = newObjectId();
    expect(await countContact(inbox.companyId, contact, 'import', new Date().toISOString())).toBe(true);
    expect(await countContact(inbox.companyId, contact, 'import', new Date().toISOString())).toBe(false);
    const { from, to } = around();
    const view = (await originsOf(inbox.admin.token, from, to)).body as ContactOriginView;
    expect(view.rows.find((row) => row.key === 'import')?.contacts).toBe(1);
  });

  it('counts a batch of contacts together: once each, a repeat and an already counted one answered false', async () => {
    const third = await createInbox();
    await setCompany(third.companyId, TRACKING);
    const { from, to } = around();
    const before = (await originsOf(third.admin.token, from, to)).body as ContactOriginView;
    const imported = (view: ContactOriginView) =>
      view.rows.find((row) => row.key === 'import')?.contacts ?? 0;
    const widget = (view: ContactOriginView) => view.rows.find((row) => row.key === 'widget')?.contacts ?? 0;
    const counted = newObjectId();
    expect(await countContact(third.companyId, counted, 'import', new Date().toISOString())).toBe(true);
    const fresh = Array.from({ length: 20 }, () => newObjectId());
    const at = new Date().toISOString();
    // Side by side, as the records of one consumer batch: 20 new contacts (past one transaction's share), one
    // of them twice, and one counted before.
    const answers = await Promise.all([
      ...fresh.map((contact, index) =>
        countContact(
          third.companyId,
          contact,
          index < 15 ? 'import' : 'widget',
          at,
          index === 19 ? { page: 'https://loja.example/', utm: { source: 'google' } } : undefined,
        ),
      ),
      countContact(third.companyId, fresh[0] as string, 'import', at),
      countContact(third.companyId, counted, 'import', at),
    ]);
    expect(answers).toEqual([...fresh.map(() => true), false, false]);
    const after = (await originsOf(third.admin.token, from, to)).body as ContactOriginView;
    expect(imported(after) - imported(before)).toBe(16);
    expect(widget(after) - widget(before)).toBe(5);
  });

  it('reads only the range asked for', async () => {
    const view = (await originsOf(inbox.admin.token, '2020-01-01T00:00:00.000Z', '2020-02-01T00:00:00.000Z'))
      .body as ContactOriginView;
    expect(view).toEqual({
      total: 0,
      rows: [],
      days: [],
      details: { page: [], utm_source: [], utm_medium: [], utm_campaign: [] },
    });
  });

  it("shows another company's admin only their own contacts", async () => {
    const { from, to } = around();
    const view = (await originsOf(other.admin.token, from, to)).body as ContactOriginView;
    expect(view.rows).toEqual([{ key: 'manual', label: 'Cadastro manual', contacts: 1 }]);
  });

  it('is open to every role, and closed without the contact-tracking plan feature', async () => {
    const { from, to } = around();
    expect((await originsOf(inbox.operator.token, from, to)).status).toBe(200);
    expect((await originsOf(inbox.manager.token, from, to)).status).toBe(200);
    await setCompany(other.companyId, { ...TRACKING, plan_features: [] });
    expect((await originsOf(other.admin.token, from, to)).status).toBe(403);
  });

  it('names the field of a bad range', async () => {
    const bad = await originsOf(inbox.admin.token, '2026-11-10T00:00:00Z', '2026-11-01T00:00:00Z');
    expect(bad).toMatchObject({ status: 400, body: { field: 'to' } });
    const invalid = await callRoute(handler, getContactOrigin, {
      token: inbox.admin.token,
      query: { from: 'ontem', to: '2026-11-01T00:00:00Z' },
    });
    expect(invalid).toMatchObject({ status: 400, body: { field: 'from' } });
  });
});
