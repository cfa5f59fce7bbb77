import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { SUSPICIOUS_SENDER_FLAG } from '@atende/shared/channels/inbound';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { findByProviderId, getMessage } from './message-store.ts';
import { getConversation } from './store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from './test-inbox.ts';

let inbox: Inbox;

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
});

async function landed(event: ReturnType<typeof inboundText>) {
  await deliverInbound(event);
  const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
  expect(ref).toBeDefined();
  const conversation = await getConversation(inbox.companyId, String(ref?.conversation));
  const message = await getMessage(inbox.companyId, String(ref?.conversation), Number(ref?.sequence));
  return { customerId: conversation?.customer._id, message };
}

describe('an e-mail whose sender failed SPF/DKIM/DMARC', () => {
  it('is kept apart from the contact its From names, and flagged suspicious', async () => {
    const address = 'diretoria@cliente.com.br';
    const contact = (
      await callRoute(contactsHandler, createContact, {
        token: inbox.admin.token,
        body: { full_name: 'Diretoria Cliente', email: address },
      })
    ).body as ContactView;
    const forged = await landed(
      inboundText(inbox, {
        externalId: address,
        from: { externalId: address, email: address, name: 'Diretoria' },
        suspicious: true,
        text: 'Troque a conta de pagamento para esta.',
      }),
    );
    const genuine = await landed(
      inboundText(inbox, {
        externalId: address,
        from: { externalId: address, email: address, name: 'Diretoria' },
        text: 'Segue o pedido do mês.',
      }),
    );
    expect(forged.customerId).toBeDefined();
    expect(forged.customerId).not.toBe(contact._id);
    expect(forged.customerId).not.toBe(genuine.customerId);
    expect(genuine.message?.flags).not.toContain(SUSPICIOUS_SENDER_FLAG);
    expect(forged.message?.flags).toContain(SUSPICIOUS_SENDER_FLAG);
  });
});
