import * as z from 'zod';
import { enqueueInbound } from '../../conversations/enqueue.ts';
import type { ChannelSender } from '../../outbound/sender.ts';
import { sendToVisitor } from './sender.ts';

const menuButtons = z.array(z.object({ id: z.string(), label: z.string() })).max(10);

/**
 * The widget as a channel of the conversation engine: an operator's message goes to the visitor named by
 * the conversation's external id. The widget shows text; a media message shows its file name.
 */
export const widgetSender: ChannelSender = async (message, conversation, integration) => {
  const { providerMessageId } = await sendToVisitor(
    {
      companyId: conversation.company,
      integrationId: integration.id,
      externalId: conversation.external_id,
      messageId: message._id,
      text: message.content,
      operatorName: message.employee?.name,
      buttons: menuButtons.safeParse(message.channel_metadata.buttons).data,
      createdAt: message.created_at,
    },
    enqueueInbound,
  );
  return { providerMessageId };
};

/** Every Lambda that may deliver outbound messages imports this module once, which registers the sender. */
