import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { estimateCampaign } from '@atende/shared/contracts/campaigns/campaign-routes';
import type { EstimateView } from '@atende/shared/contracts/campaigns/views';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { customerEntity } from '../contacts/entities.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { handler } from './handler.ts';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import type { DomainEvent } from '@atende/shared/events/index';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { Context } from 'aws-lambda';
import { sqsEventOf } from '../testing/events.ts';
import { handler as fieldIndexConsumer } from './field-index-consumer.ts';
import { contactsWithField } from './field-index.ts';
import { campaignWorld } from './test-campaigns.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) };
});

let world: Awaited<ReturnType<typeof campaignWorld>>;
beforeAll(async () => {
  world = await campaignWorld();
});

const plan = (id: string, value: string) =>
  clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: customerEntity.key(world.a.companyId, id),
      UpdateExpression: 'SET custom_fields = :fields',
      ExpressionAttributeValues: { ':fields': { plano: value } },
    }),
  );

const estimate = async (audience: Record<string, unknown>, token = world.a.admin.token) =>
  (await callRoute(handler, estimateCampaign, { token, body: { integration: world.official._id, audience } }))
    .body as EstimateView;

describe('custom-field audiences', () => {
  it('select the matching contacts alone, and narrow other sources when combined', async () => {
    const { tagId, contacts } = await world.audience(3);
    const [gold, silver] = contacts;
    await plan(gold?._id ?? '', 'ouro');
    await plan(silver?._id ?? '', 'prata');
    const outsider = await world.contact({ full_name: 'Fora da etiqueta', cel_phone: '+5585977770001' });
    await plan(outsider._id, 'ouro');
    expect(await estimate({ custom_fields: [{ key: 'plano', value: 'ouro' }] })).toMatchObject({ total: 2 });
    expect(await estimate({ tags: [tagId], custom_fields: [{ key: 'plano', value: 'ouro' }] })).toMatchObject(
      {
        total: 1,
        eligible: 1,
      },
    );
    expect(await estimate({ tags: [tagId] })).toMatchObject({ total: 3 });
    // Another company's filter finds none of A's contacts.
    const foreign = await callRoute(handler, estimateCampaign, {
      token: world.b.admin.token,
      body: {
        integration: world.official._id,
        audience: { custom_fields: [{ key: 'plano', value: 'ouro' }] },
      },
    });
    expect(foreign.status).toBe(400);
  });
});

describe('the custom-field index', () => {
  const event = (
    type: 'contact.created' | 'contact.updated' | 'contact.deleted',
    contact: ContactView,
    data = {},
  ) =>
    ({
      id: `test-${newObjectId()}`,
      company_id: world.a.companyId,
      entity_id: contact._id,
      occurred_at: new Date().toISOString(),
      type,
      data: { contact, ...data },
    }) as DomainEvent;
  const consume = async (events: DomainEvent[]) => {
    const answer = await fieldIndexConsumer(sqsEventOf(events), {} as Context);
    expect(answer).toEqual({ batchItemFailures: [] });
  };

  it("is read instead of the company's contacts, and follows fields changed and contacts deleted", async () => {
    const first = await world.contact({ full_name: 'Plano antigo', cel_phone: '+5585977770101' });
    const second = await world.contact({ full_name: 'Plano novo', cel_phone: '+5585977770102' });
    const reads = vi.spyOn(customerEntity, 'queryPages');
    // (The previous test's first filter built the index of the contacts stored before it, once.)
    await plan(first._id, 'diamante');
    await consume([event('contact.updated', first, { previous: first, changed: ['custom_fields'] })]);
    const filter = { custom_fields: [{ key: 'plano', value: 'diamante' }] };
    expect(await estimate(filter)).toMatchObject({ total: 1 });
    await plan(second._id, 'diamante');
    await consume([event('contact.updated', second, { previous: second, changed: ['custom_fields'] })]);
    await plan(first._id, 'ouro');
    await consume([
      event('contact.updated', first, {
        previous: { ...first, custom_fields: { plano: 'diamante' } },
        changed: ['custom_fields'],
      }),
    ]);
    expect(await contactsWithField(world.a.companyId, 'plano', 'diamante')).toEqual([second._id]);
    expect(await contactsWithField(world.a.companyId, 'plano', 'ouro')).toContain(first._id);
    expect(await estimate(filter)).toMatchObject({ total: 1, eligible: 1 });
    // Neither the estimate nor the consumer read the company's contacts.
    expect(reads.mock.calls.filter(([index]) => index === 'all')).toEqual([]);
    reads.mockRestore();

    await consume([event('contact.deleted', { ...second, custom_fields: { plano: 'diamante' } })]);
    expect(await contactsWithField(world.a.companyId, 'plano', 'diamante')).toEqual([]);
    expect(await estimate(filter)).toMatchObject({ total: 0 });
    // Company B has its own index: A's members are not its.
    expect(await contactsWithField(world.b.companyId, 'plano', 'ouro')).toEqual([]);
  });
});
