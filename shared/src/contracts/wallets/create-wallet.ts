import { WALLET_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { walletBody, walletView } from './views.ts';

export const createWallet = defineRoute({
  id: 'wallets.create',
  method: 'POST',
  path: '/wallets',
  domain: 'wallets',
  auth: 'employee',
  access: WALLET_ADMIN_ACCESS,
  body: walletBody,
  response: walletView,
  successStatus: 201,
  maxBodyBytes: 65_536,
});
