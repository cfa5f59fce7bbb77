import { type WalletView, walletView } from '@atende/shared/contracts/wallets/views';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import type { Catalogue } from '../lib/dynamo/catalogue.ts';
import { foldText } from '../contacts/text.ts';

/** Wallets: unique by name ignoring case and accents; customers_count is kept by the contacts' writes. */
export const walletCatalogue: Catalogue<WalletView> = {
  kind: 'WALLETS',
  schema: walletView,
  unique: (wallet) => foldText(wallet.name),
  notFound: contactsPtBR.walletNotFound,
  taken: contactsPtBR.walletNameTaken,
  takenField: 'name',
  counters: ['customers_count'],
};
