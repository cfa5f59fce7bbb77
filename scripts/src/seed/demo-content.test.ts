import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type AdminClient, standInWebRoot } from '../testing/runtime-client.ts';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import { DEMO_CONTENT, seedDemoContent } from './demo-content.ts';

let runtime: TestRuntime;
let admin: AdminClient;

beforeAll(async () => {
  runtime = await startTestRuntime({ webRoot: standInWebRoot() });
  admin = await adminClient(runtime);
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

const read = async <T>(path: string): Promise<T> => (await (await admin.api(path)).json()) as T;

/** Everything the demo puts in place, as the admin's screens list it. */
async function inventory() {
  const conversations = await read<{ items: Array<{ status: string; customer: { full_name: string } }> }>(
    '/conversations?tab=all&limit=100',
  );
  const { contacts } = await read<{ contacts: Array<{ full_name: string; tags?: string[] }> }>(
    '/contacts?limit=100',
  );
  return {
    tags: (await read<{ tags: Array<{ name: string }> }>('/tags')).tags.map((tag) => tag.name).sort(),
    wallets: (await read<{ wallets: Array<{ name: string }> }>('/wallets')).wallets.map((w) => w.name),
    smartTags: (await read<{ smart_tags: Array<{ name: string }> }>('/smart-tags')).smart_tags.map(
      (s) => s.name,
    ),
    channels: (await read<{ items: Array<{ label: string }> }>('/integrations/channels')).items.map(
      (c) => c.label,
    ),
    conversations: conversations.items.map((c) => `${c.customer.full_name}:${c.status}`).sort(),
    contacts: contacts.map((contact) => `${contact.full_name}:${contact.tags?.length ?? 0}`).sort(),
  };
}

describe('the demo content npm start seeds', () => {
  it('gives the first login a channel, tagged contacts, a wallet, a smart tag and conversations in every state', async () => {
    const content = await seedDemoContent(runtime.url, { company: {} as never, logins: runtime.logins });
    expect(Object.keys(content.conversations).sort()).toEqual(['bot', 'closed', 'in_service', 'queue']);
    const seen = await inventory();
    expect(seen.tags).toEqual(DEMO_CONTENT.tags.map((tag) => tag.name).sort());
    expect(seen.wallets).toEqual([DEMO_CONTENT.wallet]);
    expect(seen.smartTags).toEqual([DEMO_CONTENT.smartTag]);
    expect(seen.channels).toEqual([DEMO_CONTENT.channelLabel]);
    expect(seen.conversations).toEqual(
      ['Ana Souza:queue', 'Bruno Lima:in_service', 'Carla Dias:closed', 'Diego Rocha:bot'].sort(),
    );
    for (const contact of DEMO_CONTENT.contacts) {
      expect(seen.contacts).toContain(`${contact.full_name}:${contact.tags.length}`);
    }

    const answered = await read<{ items: Array<{ content: string; sent_by: string }> }>(
      `/conversations/${content.conversations.in_service}/messages`,
    );
    // Taking it posted the start-of-service notice (a bot message) before the operator's answer.
    expect(answered.items.map((message) => message.sent_by).sort()).toEqual([
      'bot',
      'customer',
      'customer',
      'operator',
    ]);
  }, 120_000);

  it('adds nothing when start runs again, even after a restart', async () => {
    const before = await inventory();
    runtime = await runtime.restart();
    admin = await adminClient(runtime);
    const again = await seedDemoContent(runtime.url, { company: {} as never, logins: runtime.logins });
    expect(again.conversations).toEqual({});
    expect(await inventory()).toEqual(before);
  }, 120_000);
});
