import type { WidgetMessage } from '@atende/shared/contracts/widget/views';

/** A message on the visitor's screen: the server's, or one of the visitor's still on its way. */
export interface ShownMessage extends WidgetMessage {
  state: 'sent' | 'pending' | 'failed';
}

/**
 * Merges messages into what is shown: one entry per id (the server's copy replaces the optimistic one), in
 * time order; messages still on their way stay last, in the order they were written.
 */
export function mergeMessages(
  current: readonly ShownMessage[],
  incoming: readonly ShownMessage[],
): ShownMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    if (known && known.state === 'sent' && message.state !== 'sent') continue;
    byId.set(message.id, message);
  }
  const all = [...byId.values()];
  const settled = all.filter((message) => message.state === 'sent');
  const waiting = all.filter((message) => message.state !== 'sent');
  settled.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  return [...settled, ...waiting];
}

/** A client message id (the server's idempotency key): 32 hex characters from the browser's CSPRNG. */
export function newClientMessageId(random: (bytes: Uint8Array) => Uint8Array): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
