/**
 * The channel adapters whose senders register themselves on import (see senders.ts). Every Lambda that may
 * deliver outbound messages (the messages API, the inbound consumer's auto replies) imports this module once.
 */
import '../channels/widget/channel.ts';
import '../channels/provider-senders.ts';
import '../channels/whatsapp-session/sender.ts';
