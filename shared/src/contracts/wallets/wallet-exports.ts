import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { WALLET_EXPORT_ACCESS } from '../contacts/access.ts';
import { exportView } from '../contacts/exports.ts';
import { defineRoute } from '../types.ts';
import { walletIdParams } from './views.ts';

/** Starts a CSV of the wallet's contacts (those the caller may see, masked as they see them). */
export const createWalletExport = defineRoute({
  id: 'wallets.exports.create',
  method: 'POST',
  path: '/wallets/{id}/exports',
  domain: 'wallets',
  auth: 'employee',
  access: WALLET_EXPORT_ACCESS,
  params: walletIdParams,
  response: z.object({ _id: objectId }),
  successStatus: 202,
});

export const walletExportParams = z.object({ id: objectId, exportId: objectId });

/** The export's progress (processed of expected) and, once done, a short-lived download link. */
export const getWalletExport = defineRoute({
  id: 'wallets.exports.get',
  method: 'GET',
  path: '/wallets/{id}/exports/{exportId}',
  domain: 'wallets',
  auth: 'employee',
  access: WALLET_EXPORT_ACCESS,
  params: walletExportParams,
  response: exportView,
});
