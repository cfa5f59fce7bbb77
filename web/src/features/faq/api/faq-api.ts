import { readFaqArticle, searchFaqArticles, voteFaqArticle } from '@atende/shared/contracts/faq/articles';
import {
  createFaqCategory,
  deleteFaqCategory,
  listFaqCategories,
} from '@atende/shared/contracts/faq/categories';
import { getFaqSetup, updateFaqConfig } from '@atende/shared/contracts/faq/config';
import {
  createFaqArticle,
  getFaqDraft,
  listFaqDrafts,
  presignFaqAttachment,
  setFaqArticleStatus,
  updateFaqArticle,
} from '@atende/shared/contracts/faq/manage';
import { getFaqReport } from '@atende/shared/contracts/faq/reports';
import type { faqArticleBody, FaqStatus } from '@atende/shared/contracts/faq/views';
import { searchTmailPeople } from '@atende/shared/contracts/tmail/search-people';
import type { FaqModuleSetting } from '@atende/shared/domain/organization';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';
import { uploadWithProgress } from '../../../lib/api/presigned-post.ts';

export type FaqArticleInput = z.input<typeof faqArticleBody>;

export const faqKeys = {
  all: ['faq'] as const,
  setup: ['faq', 'setup'] as const,
  categories: ['faq', 'categories'] as const,
  search: (search: string, category: string | undefined) => ['faq', 'search', search, category] as const,
  article: (id: string) => ['faq', 'article', id] as const,
  drafts: ['faq', 'drafts'] as const,
  draft: (id: string) => ['faq', 'draft', id] as const,
  report: ['faq', 'report'] as const,
  people: (search: string) => ['faq', 'people', search] as const,
};

export const faqApi = {
  setup: () => callRoute(getFaqSetup),
  saveConfig: (body: FaqModuleSetting) => callRoute(updateFaqConfig, { body }),
  categories: () => callRoute(listFaqCategories),
  createCategory: (name: string) => callRoute(createFaqCategory, { body: { name } }),
  deleteCategory: (id: string) => callRoute(deleteFaqCategory, { params: { id } }),
  search: (search: string, category: string | undefined, cursor: string | undefined) =>
    callRoute(searchFaqArticles, { query: { search: search || undefined, category, cursor } }),
  read: (id: string) => callRoute(readFaqArticle, { params: { id } }),
  vote: (id: string, helpful: boolean) => callRoute(voteFaqArticle, { params: { id }, body: { helpful } }),
  drafts: () => callRoute(listFaqDrafts, { query: {} }),
  draft: (id: string) => callRoute(getFaqDraft, { params: { id } }),
  create: (body: FaqArticleInput) => callRoute(createFaqArticle, { body }),
  update: (id: string, body: FaqArticleInput) => callRoute(updateFaqArticle, { params: { id }, body }),
  setStatus: (id: string, status: FaqStatus) =>
    callRoute(setFaqArticleStatus, { params: { id }, body: { status } }),
  report: () => callRoute(getFaqReport),
  /** Colleagues by name, for the role lists (every FAQ admin may pick them, not only company admins). */
  people: (search: string) => callRoute(searchTmailPeople, { query: { search: search || undefined } }),
  async upload(file: File, onProgress: (percent: number) => void) {
    const mime = file.type || 'application/octet-stream';
    const target = await callRoute(presignFaqAttachment, {
      body: { file_name: file.name, mime_type: mime, size: file.size },
    });
    await uploadWithProgress(target, file, onProgress);
    return { upload_id: target.upload_id, file_name: file.name, mime_type: mime, size: file.size };
  },
};
