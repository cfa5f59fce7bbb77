import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTables } from '../testing/dynamodb.ts';
import { autoClose } from './auto-close.ts';
import { findByProviderId } from './message-store.ts';
import { getConversation } from './store.ts';
import { createInbox, deliverInbound, inboundText, setSettings } from './test-inbox.ts';

beforeAll(async () => {
  await useTestTables();
});

describe('auto close schedule', () => {
  it('closes conversations idle longer than the attendant hours, and only those companies that enabled it', async () => {
    const enabled = await createInbox();
    const disabled = await createInbox();
    await setSettings(enabled.companyId, {
      autoClose: { attendant: { enabled: true, hours: 2 }, chatbot: { enabled: false, hours: 24 } },
    });
    const arrive = async (inbox: typeof enabled) => {
      const event = inboundText(inbox, { externalId: 'idle' });
      await deliverInbound(event);
      return (await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId))
        ?.conversation as string;
    };
    const idle = await arrive(enabled);
    const untouched = await arrive(disabled);
    await autoClose(new Date(Date.now() + 60 * 60_000));
    expect((await getConversation(enabled.companyId, idle))?.status).toBe('queue');
    await autoClose(new Date(Date.now() + 2 * 60 * 60_000 + 60_000));
    expect(await getConversation(enabled.companyId, idle)).toMatchObject({
      status: 'closed',
      close_reason: 'inactivity',
    });
    expect((await getConversation(disabled.companyId, untouched))?.status).toBe('queue');
  });
});
