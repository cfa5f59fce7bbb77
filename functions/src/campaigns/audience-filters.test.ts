import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { estimateCampaign } from '@atende/shared/contracts/campaigns/campaign-routes';
import type { EstimateView } from '@atende/shared/contracts/campaigns/views';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { customerEntity } from '../contacts/entities.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { handler } from './handler.ts';
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
