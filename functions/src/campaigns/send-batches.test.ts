import type { InboundStatus } from '@atende/shared/channels/inbound';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { pauseCampaign, resumeCampaign } from '@atende/shared/contracts/campaigns/campaign-routes';
import { newObjectId } from '@atende/shared/domain/object-id';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import type { FetchImpl } from '../channels/adapter.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { clients } from '../lib/clients.ts';
import { claimRecipient } from './claims.ts';
import { handler } from './handler.ts';
import { handleCampaignStatus } from './inbound.ts';
import { campaignWorld, LARGE_AUDIENCE_TIMEOUT } from './test-campaigns.ts';
import { fakeCloudApi, fakeDispatchQueue } from './test-dispatch.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) };
});

let world: Awaited<ReturnType<typeof campaignWorld>>;
let queue: ReturnType<typeof fakeDispatchQueue>;
let cloud: ReturnType<typeof fakeCloudApi>;
const digits = (contact: ContactView | undefined) => contact?.cel_phone?.slice(1) ?? '';

const status = (
  providerMessageId: string,
  value: InboundStatus['status'],
  extra: Partial<InboundStatus> = {},
): Promise<boolean> =>
  handleCampaignStatus({
    kind: 'status',
    companyId: world.a.companyId,
    integrationId: world.official._id,
    channel: 'official',
    providerMessageId,
    status: value,
    at: new Date().toISOString(),
    ...extra,
  });

/** The transactions that wrote a campaign recipient (claims, outcomes, releases), while `run` ran. */
async function recipientTransactions(run: () => Promise<unknown>): Promise<number> {
  const send = vi.spyOn(clients().document, 'send');
  try {
    await run();
    return send.mock.calls.filter(
      ([command]) =>
        command instanceof TransactWriteCommand &&
        (command.input.TransactItems ?? []).some((item) =>
          String(item.Update?.Key?.sk ?? '').startsWith('R#'),
        ),
    ).length;
  } finally {
    send.mockRestore();
  }
}

beforeAll(async () => {
  world = await campaignWorld();
});
beforeEach(() => {
  queue = fakeDispatchQueue();
  cloud = fakeCloudApi();
  setProviderFetch(cloud.impl);
});
afterEach(() => setProviderFetch());

describe('a chunk claimed and recorded a group at a time', () => {
  it('20 recipients cost one claim and one record transaction, each sent once and counted', async () => {
    const { tagId } = await world.audience(20);
    const id = await world.create(tagId);
    await world.start(id);
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    expect(queue.pending).toHaveLength(1);
    const transactions = await recipientTransactions(() => queue.drain());
    expect(transactions).toBe(2);
    expect(cloud.sent).toHaveLength(20);
    expect(new Set(cloud.sent.map((send) => send.to)).size).toBe(20);
    expect(await world.view(id)).toMatchObject({ status: 3, attempted: 20, sent: 20, failed: 0 });
    const states = (await world.recipients(id)).map((recipient) => recipient.status);
    expect(states).toEqual(Array.from({ length: 20 }, () => 'sent'));
  });

  it('a status webhook arriving before the group is recorded settles the claim; the record leaves it out', async () => {
    const { tagId, contacts } = await world.audience(3);
    const id = await world.create(tagId);
    await world.start(id);
    const early = digits(contacts[1]);
    let earlyId = '';
    // Meta's `delivered` for one message reaches the product while its worker is still sending the group.
    const racing: FetchImpl = async (url, init) => {
      const response = await cloud.impl(url, init);
      const body = JSON.parse(String(init.body)) as { to: string };
      if (body.to !== early) return response;
      // Its own id: the fake's ids start again in every test, and another campaign's message may hold one.
      earlyId = `wamid.early-${newObjectId()}`;
      expect(await status(earlyId, 'delivered', { recipient: early })).toBe(true);
      return new Response(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: early, wa_id: early }],
          messages: [{ id: earlyId }],
        }),
        { status: 200 },
      );
    };
    setProviderFetch(racing);
    await queue.drain();
    expect(cloud.sent).toHaveLength(3);
    expect(await world.view(id)).toMatchObject({ status: 3, attempted: 3, sent: 3, delivered: 1 });
    const settled = (await world.recipients(id)).find((recipient) => recipient.contact === contacts[1]?._id);
    expect(settled).toMatchObject({ status: 'delivered', provider_message_id: earlyId });
  });
});

describe('a chunk paused while it sends', () => {
  it(
    'stops within a group: its claims not sent go back to pending, and a resume sends them, each once',
    async () => {
      const { tagId } = await world.audience(80);
      const id = await world.create(tagId);
      await world.start(id);
      let sends = 0;
      const pausing: FetchImpl = async (url, init) => {
        sends += 1;
        if (sends === 10) {
          const paused = await callRoute(handler, pauseCampaign, {
            token: world.a.admin.token,
            params: { id },
          });
          expect(paused.status).toBe(200);
        }
        return cloud.impl(url, init);
      };
      setProviderFetch(pausing);
      await queue.drain();
      const held = await world.view(id);
      expect(held).toMatchObject({ paused: true, failed: 0 });
      // The pause is seen at the next claim or record, a group or two later, never at the chunk's end.
      expect(cloud.sent.length).toBeLessThan(60);
      expect(held.attempted).toBe(cloud.sent.length);
      const pending = (await world.recipients(id)).filter((recipient) => recipient.status === 'pending');
      expect(pending).toHaveLength(80 - cloud.sent.length);
      await callRoute(handler, resumeCampaign, { token: world.a.admin.token, params: { id } });
      await queue.drain();
      expect(cloud.sent).toHaveLength(80);
      expect(new Set(cloud.sent.map((send) => send.to)).size).toBe(80);
      expect(await world.view(id)).toMatchObject({ status: 3, attempted: 80, sent: 80 });
    },
    LARGE_AUDIENCE_TIMEOUT,
  );
});

describe('a failed status webhook', () => {
  it('fails a claimed recipient whose send was never recorded with the provider code, once, never resent', async () => {
    const { tagId, contacts } = await world.audience(2);
    const id = await world.create(tagId);
    await world.start(id);
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    const crashed = contacts[0] as ContactView;
    // The worker claimed it, the provider accepted the send, and the worker died before recording it.
    expect(
      await claimRecipient(
        world.a.companyId,
        id,
        world.official._id,
        crashed._id,
        digits(crashed),
        new Date(),
      ),
    ).toBe(true);
    await queue.drain();
    expect(await world.view(id)).toMatchObject({ status: 6, sent: 1, attempted: 2, failed: 0 });
    const failure = {
      recipient: digits(crashed),
      error: { code: '131026', message: 'Message undeliverable' },
    };
    expect(await status('wamid.failed-after-the-crash', 'failed', failure)).toBe(true);
    expect(await status('wamid.failed-after-the-crash', 'failed', failure)).toBe(true);
    expect(await status('wamid.failed-after-the-crash', 'delivered', { recipient: digits(crashed) })).toBe(
      true,
    );
    expect(await world.view(id)).toMatchObject({
      status: 3,
      attempted: 2,
      sent: 1,
      delivered: 0,
      failed: 1,
      failures_by_code: { '131026': 1 },
    });
    const settled = (await world.recipients(id)).find((recipient) => recipient.contact === crashed._id);
    expect(settled).toMatchObject({
      status: 'failed',
      error_code: '131026',
      provider_message_id: 'wamid.failed-after-the-crash',
    });
    await queue.drain();
    expect(cloud.sent.map((send) => send.to)).toEqual([digits(contacts[1])]);
  });

  it('moves a sent recipient to failed with the code, once; after a delivery it changes nothing', async () => {
    const { tagId } = await world.audience(2);
    const id = await world.create(tagId);
    await world.start(id);
    await queue.drain();
    const [first, second] = (await world.recipients(id)).map(
      (recipient) => recipient.provider_message_id as string,
    );
    const failure = { error: { code: '131047', message: 'Re-engagement message' } };
    expect(await status(first as string, 'failed', failure)).toBe(true);
    expect(await status(first as string, 'failed', failure)).toBe(true);
    expect(await status(second as string, 'delivered')).toBe(true);
    expect(await status(second as string, 'failed', failure)).toBe(true);
    expect(await world.view(id)).toMatchObject({
      status: 3,
      attempted: 2,
      sent: 1,
      delivered: 1,
      failed: 1,
      failures_by_code: { '131047': 1 },
    });
    const states = Object.fromEntries(
      (await world.recipients(id)).map((recipient) => [recipient.provider_message_id, recipient.status]),
    );
    expect(states).toEqual({ [first as string]: 'failed', [second as string]: 'delivered' });
  });
});
