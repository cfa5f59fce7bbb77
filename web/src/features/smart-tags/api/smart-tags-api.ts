import { listCustomFields } from '@atende/shared/contracts/custom-fields/list-custom-fields';
import { createSmartTag } from '@atende/shared/contracts/smart-tags/create-smart-tag';
import { deleteSmartTag } from '@atende/shared/contracts/smart-tags/delete-smart-tag';
import { getSmartTag } from '@atende/shared/contracts/smart-tags/get-smart-tag';
import { listSmartTagContacts } from '@atende/shared/contracts/smart-tags/list-smart-tag-contacts';
import { listSmartTags } from '@atende/shared/contracts/smart-tags/list-smart-tags';
import { previewSmartTag } from '@atende/shared/contracts/smart-tags/preview-smart-tag';
import { updateSmartTag } from '@atende/shared/contracts/smart-tags/update-smart-tag';
import type { smartTagBody, smartTagPatch } from '@atende/shared/contracts/smart-tags/views';
import { listTabulations } from '@atende/shared/contracts/tabulations/list-tabulations';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import { listWallets } from '@atende/shared/contracts/wallets/list-wallets';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export type SmartTagInput = z.input<typeof smartTagBody>;
export type SmartTagPatch = z.input<typeof smartTagPatch>;

export const smartTagKeys = {
  all: ['smart-tags'] as const,
  list: ['smart-tags', 'list'] as const,
  one: (id: string) => ['smart-tags', 'one', id] as const,
  members: (id: string) => ['smart-tags', 'members', id] as const,
  /** Same keys as the contacts screens use, so the choices share their cache. */
  tags: ['organizing', 'tags'] as const,
  wallets: ['organizing', 'wallets'] as const,
  customFields: ['organizing', 'custom-fields'] as const,
  tabulations: ['smart-tags', 'tabulations'] as const,
};

export const smartTagsApi = {
  list: () => callRoute(listSmartTags),
  get: (id: string) => callRoute(getSmartTag, { params: { id } }),
  create: (body: SmartTagInput) => callRoute(createSmartTag, { body }),
  update: (id: string, body: SmartTagPatch) => callRoute(updateSmartTag, { params: { id }, body }),
  remove: (id: string) => callRoute(deleteSmartTag, { params: { id } }),
  preview: (body: Pick<SmartTagInput, 'match' | 'conditions'>) => callRoute(previewSmartTag, { body }),
  members: (id: string, cursor: string | undefined) =>
    callRoute(listSmartTagContacts, { params: { id }, query: { cursor, limit: '50' } }),
};

/** The choices a condition's value picks from. */
export const choicesApi = {
  tags: async () => (await callRoute(listTags)).tags,
  wallets: async () => (await callRoute(listWallets)).wallets,
  customFields: async () => (await callRoute(listCustomFields)).custom_fields,
  tabulations: async () => (await callRoute(listTabulations)).tabulations,
};
