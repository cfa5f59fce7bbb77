import { createContact, type createContactBody } from '@atende/shared/contracts/contacts/create-contact';
import { createContactExport } from '@atende/shared/contracts/contacts/create-contact-export';
import {
  createContactImport,
  type createContactImportBody,
} from '@atende/shared/contracts/contacts/create-contact-import';
import { deleteContact } from '@atende/shared/contracts/contacts/delete-contact';
import { getContact } from '@atende/shared/contracts/contacts/get-contact';
import { getContactExport } from '@atende/shared/contracts/contacts/get-contact-export';
import { getContactImport } from '@atende/shared/contracts/contacts/get-contact-import';
import { getContactImportErrors } from '@atende/shared/contracts/contacts/get-contact-import-errors';
import { getContactTimeline } from '@atende/shared/contracts/contacts/get-contact-timeline';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import { updateContact, type updateContactBody } from '@atende/shared/contracts/contacts/update-contact';
import { listCustomFields } from '@atende/shared/contracts/custom-fields/list-custom-fields';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import { listSmartTags } from '@atende/shared/contracts/smart-tags/list-smart-tags';
import { listWallets } from '@atende/shared/contracts/wallets/list-wallets';
import { addToBlacklist } from '@atende/shared/contracts/blacklist/add-to-blacklist';
import { listBlacklist } from '@atende/shared/contracts/blacklist/list-blacklist';
import { removeFromBlacklist } from '@atende/shared/contracts/blacklist/remove-from-blacklist';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { createWallet } from '@atende/shared/contracts/wallets/create-wallet';
import { deleteWallet } from '@atende/shared/contracts/wallets/delete-wallet';
import { updateWallet } from '@atende/shared/contracts/wallets/update-wallet';
import { createWalletExport, getWalletExport } from '@atende/shared/contracts/wallets/wallet-exports';
import type { walletBody } from '@atende/shared/contracts/wallets/views';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export type CreateContactInput = z.input<typeof createContactBody>;
export type UpdateContactInput = z.input<typeof updateContactBody>;
export type CreateImportInput = z.input<typeof createContactImportBody>;

export interface ContactFilters {
  search: string;
  tags: readonly string[];
  wallet?: string;
  smartTag?: string;
}

/** Starting an import opens the uploaded file (a file in the body is parsed whole) before answering. */
const IMPORT_UPLOAD_TIMEOUT_MS = 120_000;

export const fetchContactsPage = (filters: ContactFilters, cursor: string | undefined) =>
  callRoute(listContacts, {
    query: {
      search: filters.search || undefined,
      tags: filters.tags.length > 0 ? filters.tags.join(',') : undefined,
      wallet: filters.wallet,
      smart_tag: filters.smartTag,
      cursor,
    },
  });

export const fetchContact = (id: string) => callRoute(getContact, { params: { id } });
export const postContact = (body: CreateContactInput) => callRoute(createContact, { body });
export const patchContact = (id: string, body: UpdateContactInput) =>
  callRoute(updateContact, { params: { id }, body });
export const removeContact = (id: string) => callRoute(deleteContact, { params: { id } });
export const fetchTimeline = (id: string) => callRoute(getContactTimeline, { params: { id } });

export const fetchTags = () => callRoute(listTags);
export const fetchWallets = () => callRoute(listWallets);
export const fetchSmartTags = () => callRoute(listSmartTags);
export const fetchCustomFields = () => callRoute(listCustomFields);

export const postImport = (body: CreateImportInput) =>
  callRoute(createContactImport, { body, timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS });
export const fetchImport = (id: string) => callRoute(getContactImport, { params: { id } });
export const fetchImportErrors = (id: string) => callRoute(getContactImportErrors, { params: { id } });

export const postExport = () => callRoute(createContactExport, { body: {} });
export const fetchExport = (id: string) => callRoute(getContactExport, { params: { id } });

export type WalletInput = z.input<typeof walletBody>;

export const postWallet = (body: WalletInput) => callRoute(createWallet, { body });
export const patchWallet = (id: string, body: Partial<WalletInput>) =>
  callRoute(updateWallet, { params: { id }, body });
export const removeWallet = (id: string) => callRoute(deleteWallet, { params: { id } });
export const postWalletExport = (id: string) => callRoute(createWalletExport, { params: { id } });
export const fetchWalletExport = (id: string, exportId: string) =>
  callRoute(getWalletExport, { params: { id, exportId } });

/** Every employee (admins only may list them): owner and member choices of a wallet. */
export async function fetchAllEmployees() {
  const all = [];
  let cursor: string | undefined;
  do {
    const page = await callRoute(listEmployees, { query: { cursor, limit: '100' } });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

export const fetchBlacklist = () => callRoute(listBlacklist);
export const postBlacklist = (customer: string) => callRoute(addToBlacklist, { body: { customer } });
export const removeBlacklist = (customerId: string) =>
  callRoute(removeFromBlacklist, { params: { customerId } });

/** A tag created from the contact form's tag picker (admins), in a neutral colour the tags page can change. */
export const postTag = (name: string) => callRoute(createTag, { body: { name, color: NEW_TAG_COLOR } });
export const NEW_TAG_COLOR = '#8c8c8c';
