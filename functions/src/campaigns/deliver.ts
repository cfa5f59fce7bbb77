import { randomBytes, randomInt } from 'node:crypto';
import { ChannelSendError, type OutboundMessage } from '../channels/adapter.ts';
import { bindSender, isAdapterProvider } from '../channels/providers.ts';
import { sendSessionCommand } from '../channels/whatsapp-session/commands.ts';
import { newWhatsappMessageId } from '../channels/whatsapp-session/connector.ts';
import { openCredentials } from '../integrations/crypto.ts';
import { getIntegration } from '../integrations/store.ts';
import { templateComponents } from '../templates/components.ts';
import type { CampaignRecord, RecipientRecord } from './records.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one recipient's message; answers the provider's message id or throws (ChannelSendError when refused). */
export type Deliver = (recipient: RecipientRecord) => Promise<string>;

/** The template message of one recipient: its body parameters and, when the template has one, the header's. */
export function templateMessage(campaign: CampaignRecord, recipient: RecipientRecord): OutboundMessage {
  const components = templateComponents(recipient.header_params, recipient.params);
  return {
    kind: 'template',
    to: recipient.phone ?? '',
    template: {
      name: campaign.template ?? '',
      language: campaign.template_language,
      ...(components.length ? { components } : {}),
    },
  };
}

export async function officialDeliver(campaign: CampaignRecord): Promise<Deliver> {
  const record = await getIntegration(campaign.company, campaign.integration);
  if (!record || record.type === 'widget' || !isAdapterProvider(record.provider)) {
    throw new ChannelSendError({ code: 'auth_failed', message: 'integration not found', retryable: false });
  }
  const adapter = bindSender(record.provider, openCredentials(record.credentials, record._id), {
    companyId: campaign.company,
    integrationId: record._id,
  });
  return async (recipient) => (await adapter.send(templateMessage(campaign, recipient))).providerMessageId;
}

/** The unofficial (QR) channel: text through the session worker, after a random pause that protects the number. */
export function sessionDeliver(campaign: CampaignRecord): Deliver {
  return async (recipient) => {
    const delay = campaign.delay ?? { min: 5, max: 15 };
    await sleep(randomInt(delay.min * 1000, delay.max * 1000 + 1));
    const messageId = newWhatsappMessageId(randomBytes);
    await sendSessionCommand({
      kind: 'send',
      companyId: campaign.company,
      integrationId: campaign.integration,
      messageId,
      to: recipient.phone ?? '',
      text: recipient.text ?? '',
    });
    return messageId;
  };
}
