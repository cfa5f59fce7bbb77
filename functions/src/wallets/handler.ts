import { createWallet } from '@atende/shared/contracts/wallets/create-wallet';
import { deleteWallet } from '@atende/shared/contracts/wallets/delete-wallet';
import { listWallets } from '@atende/shared/contracts/wallets/list-wallets';
import { updateWallet } from '@atende/shared/contracts/wallets/update-wallet';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listWallets, ({ auth }) => service.listWallets(auth)),
    route(createWallet, ({ auth, body }) => service.createWallet(auth, body)),
    route(updateWallet, ({ auth, params, body }) => service.updateWallet(auth, params.id, body)),
    route(deleteWallet, ({ auth, params }) => service.deleteWallet(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
