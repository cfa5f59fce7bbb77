import { faqPtBR } from '@atende/shared/i18n/pt-BR';
import {
  addDocument,
  createKnowledgeBase,
  deleteDocument,
  listKnowledgeBases,
} from '../ai/knowledge-service.ts';
import { readEndpoint } from '../ai/settings.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { NotFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { plainText } from '../lib/rich-text.ts';
import * as store from './store.ts';

/** The company's FAQ knowledge base, created the first time an article is published there. */
async function faqKnowledgeBase(auth: AuthContext): Promise<string> {
  const name = faqPtBR.knowledgeBaseName;
  const { knowledge_bases } = await listKnowledgeBases(auth);
  const found = knowledge_bases.find((base) => base.name === name);
  return found ? found._id : (await createKnowledgeBase(auth, { name }))._id;
}

/** Takes the article's document out of the knowledge; one removed by hand (or its base) is already out. */
async function removeFromKnowledge(auth: AuthContext, articleId: string): Promise<void> {
  const link = await store.readKnowledgeLink(auth.companyId, articleId);
  if (!link) return;
  try {
    await deleteDocument(auth, link.knowledge_base, link.document);
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
  }
  await store.deleteKnowledgeLink(auth.companyId, articleId);
}

/**
 * Published FAQ articles feed the company's AI knowledge (issue 19), so the assistants and the bot answer from
 * them: publishing puts the published version in as a question-and-answer pair (replacing the previous
 * version), archiving or returning to draft takes it out. A company without an AI model configured has no
 * knowledge to feed. Best effort: the FAQ change is already saved and stays so if the knowledge side fails; the
 * next publish brings it up to date.
 */
export async function syncArticleKnowledge(auth: AuthContext, article: store.ArticleRecord): Promise<void> {
  try {
    await removeFromKnowledge(auth, article._id);
    if (article.status !== 'published' || !article.published) return;
    if (!(await readEndpoint(auth.companyId))) return;
    const answer = plainText(article.published.body);
    if (answer.length === 0) return;
    const knowledgeBase = await faqKnowledgeBase(auth);
    const document = await addDocument(auth, knowledgeBase, { question: article.published.title, answer });
    await store.putKnowledgeLink(auth.companyId, article._id, {
      knowledge_base: knowledgeBase,
      document: document._id,
    });
  } catch (error) {
    logger.error('FAQ article not synced to the AI knowledge', {
      company_id: auth.companyId,
      article: article._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
