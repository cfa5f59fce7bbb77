import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { serverFrame } from '@atende/shared/realtime/server-frame';
import { removeConnection } from './store.ts';
import type { VisitorContext } from './visitor-context.ts';
import { putVisitorConnection } from './visitor-store.ts';

/** A site-widget visitor's WebSocket: receive-only, in its own room. */
export async function connectVisitor(
  visitor: VisitorContext,
  connectionId: string,
  connectedAt: number,
): Promise<void> {
  await putVisitorConnection(visitor, connectionId, connectedAt);
}

export async function disconnectVisitor(visitor: VisitorContext, connectionId: string): Promise<void> {
  await removeConnection(visitor.companyId, connectionId);
}

/**
 * Visitors send nothing over the socket (they write through the widget's REST route), so every client frame —
 * joinRoom included — is refused and changes nothing.
 */
export function visitorFrameRefused(visitor: VisitorContext): ServerFrame<'error'> {
  return serverFrame('error', visitor.companyId, {
    code: 'room_forbidden',
    message: 'Ação não permitida para visitantes.',
  });
}
