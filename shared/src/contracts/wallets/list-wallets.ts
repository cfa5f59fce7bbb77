import * as z from 'zod';
import { CONTACTS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { walletView } from './views.ts';

export const listWalletsResponse = z.object({ wallets: z.array(walletView) });

export const listWallets = defineRoute({
  id: 'wallets.list',
  method: 'GET',
  path: '/wallets',
  domain: 'wallets',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  response: listWalletsResponse,
});
