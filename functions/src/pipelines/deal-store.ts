import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { pipelineMessagesPtBR } from '@atende/shared/i18n/pipelines';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { anyConditionFailed, type TransactItem, transactWrite } from '../lib/dynamo/transaction.ts';
import { Conflict } from '../lib/errors.ts';
import { dealKeys } from './keys.ts';
import { dealRecord, type DealRecord } from './records.ts';

export type { TransactItem };

const table = () => config().mainTable;

export const dealItem = (deal: DealRecord) => ({
  ...dealKeys.deal(deal.company, deal._id),
  ...dealKeys.boardIndex(deal.company, deal),
  ...deal,
});

/** The deal's Put, conditioned on the version read (or on being new). */
export function dealPut(before: DealRecord | undefined, after: DealRecord): TransactItem {
  const condition = before
    ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': before.version } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  return { Put: { TableName: table(), Item: dealItem(after), ...condition } };
}

/**
 * Writes a deal (new when `before` is undefined) with the items that must land with it (a stage rule's
 * activities) in one transaction. The deal's version condition makes a repeated or concurrent change fail
 * as a whole: a stage entry and what it creates are written exactly once.
 */
export async function writeDeal(
  before: DealRecord | undefined,
  after: DealRecord,
  extra: readonly TransactItem[] = [],
): Promise<void> {
  try {
    await transactWrite({ deal: dealPut(before, after), extra });
  } catch (error) {
    if (anyConditionFailed(error)) throw new Conflict(pipelineMessagesPtBR.changedMeanwhile);
    throw error;
  }
}

export async function readDeal(companyId: string, id: string): Promise<DealRecord | undefined> {
  const answer = await clients().document.send(
    new GetCommand({ TableName: table(), Key: dealKeys.deal(companyId, id) }),
  );
  return answer.Item ? dealRecord.parse(answer.Item) : undefined;
}

/** Where a deal listing reads: every deal, one pipeline (optionally one stage), or one contact's. */
export type DealSource =
  | { kind: 'all' }
  | { kind: 'pipeline'; pipeline: string; stage?: string }
  | { kind: 'customer'; customer: string };

function sourceQuery(companyId: string, source: DealSource) {
  switch (source.kind) {
    case 'pipeline':
      return {
        IndexName: 'gsi1',
        KeyConditionExpression: source.stage
          ? 'gsi1pk = :pk AND begins_with(gsi1sk, :stage)'
          : 'gsi1pk = :pk',
        ExpressionAttributeValues: {
          ':pk': dealKeys.board(companyId, source.pipeline),
          ...(source.stage ? { ':stage': `${source.stage}#` } : {}),
        },
      };
    case 'customer':
      return {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': dealKeys.customer(companyId, source.customer) },
      };
    default:
      return {
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': dealKeys.all(companyId) },
      };
  }
}

/** One page of deals from a source, newest first for the company-wide and contact lists. */
export async function queryDeals(
  companyId: string,
  source: DealSource,
  startKey: Record<string, unknown> | undefined,
  limit: number,
): Promise<{ deals: DealRecord[]; lastKey: Record<string, unknown> | undefined }> {
  const page = await clients().document.send(
    new QueryCommand({
      TableName: table(),
      ...sourceQuery(companyId, source),
      ScanIndexForward: source.kind === 'pipeline',
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { deals: (page.Items ?? []).map((item) => dealRecord.parse(item)), lastKey: page.LastEvaluatedKey };
}

/** Every deal of a source, through all pages (a board, the deals of a stage being deleted). */
export async function allDeals(companyId: string, source: DealSource): Promise<DealRecord[]> {
  const deals: DealRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryDeals(companyId, source, startKey, 500);
    deals.push(...page.deals);
    startKey = page.lastKey;
  } while (startKey);
  return deals;
}
