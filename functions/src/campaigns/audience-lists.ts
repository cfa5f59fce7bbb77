import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type AudienceListView, audienceListView } from '@atende/shared/contracts/campaigns/views';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { campaignKeys } from './keys.ts';

const table = () => config().mainTable;

/** Saved audiences (app/broadcast/audience-lists), one partition per company. */
export async function listAudienceLists(companyId: string): Promise<AudienceListView[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': campaignKeys.audienceLists(companyId) },
  });
  return items.map((item) => audienceListView.parse(item));
}

export async function readAudienceList(companyId: string, id: string): Promise<AudienceListView | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: campaignKeys.audienceList(companyId, id) }),
  );
  return Item ? audienceListView.parse(Item) : undefined;
}

export async function putAudienceList(companyId: string, list: AudienceListView): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...campaignKeys.audienceList(companyId, list._id),
        entity: 'audience-list',
        company: companyId,
        ...list,
      },
    }),
  );
}

export async function deleteAudienceList(companyId: string, id: string): Promise<boolean> {
  try {
    await clients().document.send(
      new DeleteCommand({
        TableName: table(),
        Key: campaignKeys.audienceList(companyId, id),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
