import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CampaignStatus,
  type RecipientStatus,
  SENDING_STATUSES,
} from '@atende/shared/contracts/campaigns/campaign-fields';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { batchGetInOrder } from '../lib/dynamo/batch-get.ts';
import { batchWrite } from '../lib/dynamo/batch-write.ts';
import { fillPage } from '../lib/dynamo/fill-page.ts';
import { queryPages } from '../lib/dynamo/query.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { campaignKeys } from './keys.ts';
import { type CampaignRecord, campaignRecord, type RecipientRecord, recipientRecord } from './records.ts';

const table = () => config().mainTable;

export async function putCampaign(record: CampaignRecord): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...campaignKeys.campaign(record.company, record._id),
        gsi1pk: campaignKeys.list(record.company),
        gsi1sk: `${record.created_at}#${record._id}`,
        // gsi2sk is set only while the campaign sends (see transition): the number's index holds those alone.
        gsi2pk: campaignKeys.byIntegration(record.company, record.integration),
        entity: 'campaign',
        ...record,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function readCampaign(companyId: string, id: string): Promise<CampaignRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: campaignKeys.campaign(companyId, id), ConsistentRead: true }),
  );
  return Item ? campaignRecord.parse(Item) : undefined;
}

export async function listCampaignPage(companyId: string, cursor: string | undefined, limit: number) {
  const page = await fillPage({
    companyId,
    index: 'gsi1',
    partitionKey: campaignKeys.list(companyId),
    newestFirst: true,
    limit,
    cursor,
  });
  return { campaigns: page.items.map((item) => campaignRecord.parse(item)), nextCursor: page.nextCursor };
}

/**
 * Moves a campaign between statuses only from the ones named (and, when `paused` is given, only in that pause
 * state): of two racing requests one wins, the other sees false.
 */
export async function transition(
  companyId: string,
  id: string,
  from: { statuses: readonly CampaignStatus[]; paused?: boolean },
  set: Partial<
    Pick<CampaignRecord, 'status' | 'paused' | 'pause_reason' | 'started_at' | 'finished_at' | 'prepared'>
  >,
): Promise<CampaignRecord | undefined> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  const assignments = Object.entries(set).map(([key, value]) => {
    names[`#${key}`] = key;
    values[`:${key}`] = value;
    return `#${key} = :${key}`;
  });
  const allowed = from.statuses.map((status, index) => {
    values[`:from${index}`] = status;
    return `:from${index}`;
  });
  // A number's quality and account signals pause its sending campaigns: gsi2 indexes a campaign while it sends.
  let removal = '';
  if (set.status !== undefined) {
    if ((SENDING_STATUSES as readonly CampaignStatus[]).includes(set.status)) {
      assignments.push('gsi2sk = :sending');
      values[':sending'] = `SENDING#${id}`;
    } else {
      removal = ' REMOVE gsi2sk';
    }
  }
  let condition = `attribute_exists(pk) AND #status IN (${allowed.join(', ')})`;
  if (from.paused !== undefined) {
    names['#paused'] = 'paused';
    values[':wasPaused'] = from.paused;
    condition += ' AND #paused = :wasPaused';
  }
  try {
    const { Attributes } = await clients().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: campaignKeys.campaign(companyId, id),
        UpdateExpression: `SET ${assignments.join(', ')}${removal}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return campaignRecord.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Adds to the campaign's counters (and its nested tallies); answers the new record. */
export async function addCounts(
  companyId: string,
  id: string,
  counts: Partial<Record<string, number>>,
  nested: { failureCode?: string } = {},
): Promise<CampaignRecord> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.entries(counts).map(([key, value], index) => {
    names[`#c${index}`] = key;
    values[`:c${index}`] = value;
    return `#c${index} :c${index}`;
  });
  if (nested.failureCode) {
    names['#fbc'] = 'failures_by_code';
    names['#code'] = nested.failureCode;
    values[':one'] = 1;
    parts.push('#fbc.#code :one');
  }
  const { Attributes } = await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: campaignKeys.campaign(companyId, id),
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return campaignRecord.parse(Attributes);
}

/** The recipients and the audience tallies, written once when the campaign starts. */
export async function writeRecipients(
  companyId: string,
  id: string,
  recipients: readonly RecipientRecord[],
): Promise<void> {
  await batchWrite(
    recipients.map((recipient) => ({
      PutRequest: {
        Item: {
          ...campaignKeys.recipient(companyId, id, recipient.contact),
          entity: 'campaign-recipient',
          ...recipient,
        },
      },
    })),
    { parallel: 4 },
  );
}

export async function readRecipient(
  companyId: string,
  id: string,
  contactId: string,
): Promise<RecipientRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: table(),
      Key: campaignKeys.recipient(companyId, id, contactId),
      ConsistentRead: true,
    }),
  );
  return Item ? recipientRecord.parse(Item) : undefined;
}

/** The recipients of `contactIds` (a send chunk) in one strongly consistent read, in their order. */
export async function readRecipients(
  companyId: string,
  id: string,
  contactIds: readonly string[],
): Promise<RecipientRecord[]> {
  const items = await batchGetInOrder(
    contactIds.map((contactId) => campaignKeys.recipient(companyId, id, contactId)),
  );
  return items.map((item) => recipientRecord.parse(item));
}

export async function recipientPage(
  companyId: string,
  id: string,
  status: RecipientStatus | undefined,
  cursor: string | undefined,
  limit: number,
) {
  const page = await fillPage({
    companyId,
    partitionKey: campaignKeys.partition(companyId, id),
    sortCondition: {
      expression: 'begins_with(#sk, :prefix)',
      values: { ':prefix': campaignKeys.recipientPrefix },
    },
    ...(status
      ? {
          filter: {
            expression: '#status = :status',
            names: { '#status': 'status' },
            values: { ':status': status },
          },
        }
      : {}),
    newestFirst: false,
    limit,
    cursor,
  });
  return { recipients: page.items.map((item) => recipientRecord.parse(item)), nextCursor: page.nextCursor };
}

/** Every recipient of a campaign (optionally only those in `status`), page by page. */
export async function* recipientBatches(
  companyId: string,
  id: string,
  status?: RecipientStatus,
): AsyncGenerator<RecipientRecord[]> {
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': campaignKeys.partition(companyId, id),
      ':prefix': campaignKeys.recipientPrefix,
      ...(status ? { ':status': status } : {}),
    },
    ...(status
      ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } }
      : {}),
  })) {
    yield page.items.map((item) => recipientRecord.parse(item));
  }
}

/**
 * The audience tallies, once, and the dispatch begins (2 running → 5 dispatch started): answers undefined
 * when another delivery recorded them first.
 */
export async function markPrepared(
  companyId: string,
  id: string,
  counts: { total: number; excluded: number; eligible: number; excludedBy: Partial<Record<string, number>> },
): Promise<CampaignRecord | undefined> {
  try {
    const { Attributes } = await clients().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: campaignKeys.campaign(companyId, id),
        UpdateExpression:
          'SET #prepared = :true, #status = :started, #total = :total, #excluded = :excluded, #eligible = :eligible, #by = :by',
        ConditionExpression: '#prepared = :false AND #status = :running',
        ExpressionAttributeNames: {
          '#prepared': 'prepared',
          '#status': 'status',
          '#total': 'total',
          '#excluded': 'excluded',
          '#eligible': 'eligible',
          '#by': 'excluded_by',
        },
        ExpressionAttributeValues: {
          ':true': true,
          ':false': false,
          ':running': CAMPAIGN_STATUS.running,
          ':started': CAMPAIGN_STATUS.dispatchStarted,
          ':total': counts.total,
          ':excluded': counts.excluded,
          ':eligible': counts.eligible,
          ':by': counts.excludedBy,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return campaignRecord.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
