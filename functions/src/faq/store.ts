import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { FaqStatus } from '@atende/shared/contracts/faq/views';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';

/**
 * FAQ items share one partition per company (a company's FAQ is hundreds of articles, not millions):
 * pk C#<cid>#FAQ, sk CAT#<id> (category), CATNAME#<folded name> (uniqueness claim), ART#<id> (article),
 * VOTE#<article>#<employee> (one vote each), MISS#<folded term> (searches that found nothing).
 */
const pk = (companyId: string) => `C#${companyId}#FAQ`;
const table = () => config().mainTable;

export interface Content {
  title: string;
  body: string;
  category: string | null;
  attachments: { upload_id: string; file_name: string; mime_type: string; size: number }[];
}

export interface ArticleRecord {
  _id: string;
  status: FaqStatus;
  draft: Content;
  published?: Content & { version: number; published_at: string };
  has_unpublished_changes: boolean;
  author: { _id: string; name: string };
  updated_at: string;
  views: number;
  helpful: number;
  not_helpful: number;
  /** Folded words of the published title and body. */
  search_text: string;
}

const strip = <T extends Record<string, unknown>>(item: T) => {
  const { pk: _pk, sk: _sk, entity: _entity, ...rest } = item;
  return rest;
};

export async function listCategories(companyId: string) {
  const items = await queryAllByPrefix(pk(companyId), 'CAT#');
  return items.map((item) => ({ _id: String(item._id), name: String(item.name) }));
}

/** False when the folded name is taken. */
export async function putCategory(
  companyId: string,
  category: { _id: string; name: string },
  nameKey: string,
) {
  try {
    await clients().document.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                pk: pk(companyId),
                sk: `CATNAME#${nameKey}`,
                entity: 'faq_category_name',
                category: category._id,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: table(),
              Item: {
                pk: pk(companyId),
                sk: `CAT#${category._id}`,
                entity: 'faq_category',
                ...category,
                name_key: nameKey,
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') return false;
    throw error;
  }
}

export async function deleteCategory(companyId: string, id: string): Promise<boolean> {
  const { Item: found } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: { pk: pk(companyId), sk: `CAT#${id}` } }),
  );
  if (!found) return false;
  await clients().document.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table(), Key: { pk: pk(companyId), sk: `CAT#${id}` } } },
        {
          Delete: { TableName: table(), Key: { pk: pk(companyId), sk: `CATNAME#${String(found.name_key)}` } },
        },
      ],
    }),
  );
  return true;
}

export async function listArticles(companyId: string): Promise<ArticleRecord[]> {
  return (await queryAllByPrefix(pk(companyId), 'ART#')).map(
    (item) => strip(item) as unknown as ArticleRecord,
  );
}

export async function readArticle(companyId: string, id: string): Promise<ArticleRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: { pk: pk(companyId), sk: `ART#${id}` }, ConsistentRead: true }),
  );
  return Item ? (strip(Item) as unknown as ArticleRecord) : undefined;
}

export async function putArticle(companyId: string, article: ArticleRecord): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: { ...article, pk: pk(companyId), sk: `ART#${article._id}`, entity: 'faq_article' },
    }),
  );
}

export async function countView(companyId: string, id: string): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: pk(companyId), sk: `ART#${id}` },
      UpdateExpression: 'ADD #views :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#views': 'views' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/** One vote per employee and article, counted with it in one transaction; false when already voted. */
export async function vote(companyId: string, id: string, employeeId: string, helpful: boolean) {
  try {
    await clients().document.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { pk: pk(companyId), sk: `VOTE#${id}#${employeeId}`, entity: 'faq_vote', helpful },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: table(),
              Key: { pk: pk(companyId), sk: `ART#${id}` },
              UpdateExpression: 'ADD #counter :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#counter': helpful ? 'helpful' : 'not_helpful' },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') return false;
    throw error;
  }
}

export async function countMiss(companyId: string, term: string): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: pk(companyId), sk: `MISS#${term}` },
      UpdateExpression: 'SET #term = :term, entity = :entity ADD #count :one',
      ExpressionAttributeNames: { '#term': 'term', '#count': 'count' },
      ExpressionAttributeValues: { ':term': term, ':one': 1, ':entity': 'faq_miss' },
    }),
  );
}

export async function listMisses(companyId: string) {
  return (await queryAllByPrefix(pk(companyId), 'MISS#')).map((item) => ({
    term: String(item.term),
    count: Number(item.count),
  }));
}

/** Where a published article lives in the company's AI knowledge (sk AIDOC#<article>). */
export interface KnowledgeLink {
  knowledge_base: string;
  document: string;
}

export async function readKnowledgeLink(
  companyId: string,
  article: string,
): Promise<KnowledgeLink | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: table(),
      Key: { pk: pk(companyId), sk: `AIDOC#${article}` },
      ConsistentRead: true,
    }),
  );
  return Item ? { knowledge_base: String(Item.knowledge_base), document: String(Item.document) } : undefined;
}

export async function putKnowledgeLink(
  companyId: string,
  article: string,
  link: KnowledgeLink,
): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: { pk: pk(companyId), sk: `AIDOC#${article}`, entity: 'faq_knowledge_link', ...link },
    }),
  );
}

export async function deleteKnowledgeLink(companyId: string, article: string): Promise<void> {
  await clients().document.send(
    new DeleteCommand({ TableName: table(), Key: { pk: pk(companyId), sk: `AIDOC#${article}` } }),
  );
}
