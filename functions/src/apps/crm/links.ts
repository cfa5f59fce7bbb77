import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { appKeys } from '../keys.ts';
import type { AppRecord } from '../records.ts';

/**
 * Which CRM record mirrors a local one (`person` ↔ contact), both ways: the forward link serves the sync out,
 * the reverse one the CRM's webhooks in. Both belong to the installation, so a reinstall starts afresh.
 */
const link = z.object({ remote_id: z.string(), local_id: z.string() });

export async function remoteIdOf(app: AppRecord, kind: string, localId: string): Promise<string | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: appKeys.link(app.company, app._id, kind, localId) }),
  );
  const parsed = link.safeParse(Item);
  return parsed.success ? parsed.data.remote_id : undefined;
}

export async function localIdOf(app: AppRecord, kind: string, remoteId: string): Promise<string | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: appKeys.remoteLink(app.company, app._id, kind, remoteId),
    }),
  );
  const parsed = link.safeParse(Item);
  return parsed.success ? parsed.data.local_id : undefined;
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
