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
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as categories from './categories.ts';
import * as editing from './editing.ts';
import { presignAttachment } from './files.ts';
import * as reading from './reading.ts';
import * as setup from './setup.ts';

export const handler = createHttpHandler(
  [
    route(getFaqSetup, ({ auth }) => setup.faqSetup(auth)),
    route(updateFaqConfig, ({ auth, body }) => setup.updateFaqConfig(auth, body)),
    route(listFaqCategories, ({ auth }) => categories.listCategories(auth)),
    route(createFaqCategory, ({ auth, body }) => categories.createCategory(auth, body.name)),
    route(deleteFaqCategory, ({ auth, params }) => categories.deleteCategory(auth, params.id)),
    route(searchFaqArticles, ({ auth, query }) => reading.searchArticles(auth, query)),
    route(readFaqArticle, ({ auth, params }) => reading.readArticle(auth, params.id)),
    route(voteFaqArticle, ({ auth, params, body }) => reading.voteArticle(auth, params.id, body.helpful)),
    route(getFaqReport, ({ auth }) => reading.report(auth)),
    route(listFaqDrafts, ({ auth, query }) => editing.listDrafts(auth, query.status)),
    route(getFaqDraft, ({ auth, params }) => editing.getDraft(auth, params.id)),
    route(createFaqArticle, ({ auth, body }) => editing.createArticle(auth, body)),
    route(updateFaqArticle, ({ auth, params, body }) => editing.updateArticle(auth, params.id, body)),
    route(setFaqArticleStatus, ({ auth, params, body }) => editing.setStatus(auth, params.id, body.status)),
    route(presignFaqAttachment, ({ auth, body }) => presignAttachment(auth.companyId, body)),
  ],
  { accessContext: loadAccessContext },
);
