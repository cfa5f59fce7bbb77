import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { appKeys } from '../keys.ts';
import type { AppRecord } from '../records.ts';

/**
 * Which CRM record mirrors a local one (`person` ↔ contact), both ways: the forward link serves the sync out,
 * the reverse one the CRM's webhooks in. Both belong to the installation, so a reinstall starts afresh.
 * A record deleted in the CRM leaves a tombstone forward link, so the sync does not create it there again.
 */
const link = z.object({
  remote_id: z.string(),
  local_id: z.string(),
  deleted_remotely: z.boolean().optional(),
});

export type LocalLink = { remoteId: string } | { deletedRemotely: true } | undefined;

const get = async (key: { pk: string; sk: string }) => {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: key, ConsistentRead: true }),
  );
  const parsed = link.safeParse(Item);
  return parsed.success ? parsed.data : undefined;
};

export async function linkOf(app: AppRecord, kind: string, localId: string): Promise<LocalLink> {
  const found = await get(appKeys.link(app.company, app._id, kind, localId));
  if (!found) return undefined;
  return found.deleted_remotely ? { deletedRemotely: true } : { remoteId: found.remote_id };
}

export async function remoteIdOf(app: AppRecord, kind: string, localId: string): Promise<string | undefined> {
  const found = await linkOf(app, kind, localId);
  return found && 'remoteId' in found ? found.remoteId : undefined;
}

export async function localIdOf(app: AppRecord, kind: string, remoteId: string): Promise<string | undefined> {
  return (await get(appKeys.remoteLink(app.company, app._id, kind, remoteId)))?.local_id;
}

/** Records the pair; a later pair for the same local record (person recreated) replaces the forward link. */
export async function saveLink(
  app: AppRecord,
  kind: string,
  localId: string,
  remoteId: string,
): Promise<void> {
  const values = { entity: 'app_link', app: app.name, remote_id: remoteId, local_id: localId };
  await Promise.all([
    clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: { ...appKeys.link(app.company, app._id, kind, localId), ...values },
      }),
    ),
    clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: { ...appKeys.remoteLink(app.company, app._id, kind, remoteId), ...values },
      }),
    ),
  ]);
}

/** The CRM deleted its record: the reverse link goes, the forward one becomes a tombstone. Answers the local id. */
export async function unlinkRemote(
  app: AppRecord,
  kind: string,
  remoteId: string,
): Promise<string | undefined> {
  const localId = await localIdOf(app, kind, remoteId);
  if (!localId) return undefined;
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        ...appKeys.link(app.company, app._id, kind, localId),
        entity: 'app_link',
        app: app.name,
        remote_id: remoteId,
        local_id: localId,
        deleted_remotely: true,
      },
    }),
  );
  await clients().document.send(
    new DeleteCommand({
      TableName: config().mainTable,
      Key: appKeys.remoteLink(app.company, app._id, kind, remoteId),
    }),
  );
  return localId;
}
