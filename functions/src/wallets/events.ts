import { companyRoom } from '@atende/shared/realtime/rooms';
import type { REFRESH_SESSION_WALLET_ACTIONS } from '@atende/shared/realtime/server-events';
import { logger } from '../lib/logger.ts';
import { publishToRoom } from '../realtime/publish.ts';

export type WalletAction = (typeof REFRESH_SESSION_WALLET_ACTIONS)[number];

/**
 * Spec point 7: the company's open sessions reload their wallets on refresh-session-wallet. The change is saved
 * already, so a lost frame is logged, not raised.
 */
export async function publishWalletRefresh(
  companyId: string,
  action: WalletAction,
  wallet?: string,
  by?: string,
): Promise<void> {
  await publishToRoom(companyId, companyRoom(companyId), 'refresh-session-wallet', {
    action,
    ...(wallet ? { wallet } : {}),
    ...(by ? { by } : {}),
  }).catch((error: unknown) => {
    logger.warn('refresh-session-wallet not delivered', {
      companyId,
      action,
      error: error instanceof Error ? error.message : String(error),
    });
  });
}
