import type { ServerFrame } from '@atende/shared/realtime/server-events';

/** Whether a wallet change frame deserves the "updated elsewhere" notice: not for the viewer's own change. */
export const announcesWalletChange = (
  frame: ServerFrame<'refresh-session-wallet'>,
  viewerId: string | undefined,
): boolean => frame.data.by === undefined || frame.data.by !== viewerId;
