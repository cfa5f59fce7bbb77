import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { WALLET_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { walletIdParams } from './views.ts';

export const deleteWalletResponse = z.object({ deleted: objectId });

export const deleteWallet = defineRoute({
  id: 'wallets.delete',
  method: 'DELETE',
  path: '/wallets/{id}',
  domain: 'wallets',
  auth: 'employee',
  access: WALLET_ADMIN_ACCESS,
  params: walletIdParams,
  response: deleteWalletResponse,
});
