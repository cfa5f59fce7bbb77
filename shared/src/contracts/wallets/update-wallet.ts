import { WALLET_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { walletIdParams, walletPatch, walletView } from './views.ts';

export const updateWallet = defineRoute({
  id: 'wallets.update',
  method: 'PATCH',
  path: '/wallets/{id}',
  domain: 'wallets',
  auth: 'employee',
  access: WALLET_ADMIN_ACCESS,
  params: walletIdParams,
  body: walletPatch,
  response: walletView,
  maxBodyBytes: 65_536,
});
