import { createWallet } from '@atende/shared/contracts/wallets/create-wallet';
import { deleteWallet } from '@atende/shared/contracts/wallets/delete-wallet';
import { listWallets } from '@atende/shared/contracts/wallets/list-wallets';
import { updateWallet } from '@atende/shared/contracts/wallets/update-wallet';
import { createWalletExport, getWalletExport } from '@atende/shared/contracts/wallets/wallet-exports';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as exports from './exports.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listWallets, ({ auth }) => service.listWallets(auth)),
    route(createWallet, ({ auth, body }) => service.createWallet(auth, body)),
    route(updateWallet, ({ auth, params, body }) => service.updateWallet(auth, params.id, body)),
    route(deleteWallet, ({ auth, params }) => service.deleteWallet(auth, params.id)),
    route(createWalletExport, ({ auth, params }) => exports.startWalletExport(auth, params.id)),
    route(getWalletExport, ({ auth, params }) => exports.getWalletExport(auth, params.id, params.exportId)),
  ],
  { accessContext: loadAccessContext },
);
