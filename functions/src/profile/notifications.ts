import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationsView } from '@atende/shared/contracts/profile/routes';
import { getCompany, listModalNotifications } from '../account/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { preferencesKey } from './service.ts';

async function current(auth: AuthContext) {
  const [company, preferences] = await Promise.all([
    getCompany(auth.companyId),
    clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: preferencesKey(auth.companyId, auth.employeeId) }),
    ),
  ]);
  const all = company ? await listModalNotifications(auth.companyId, company.account_type, auth.role) : [];
  const cleared = (preferences.Item?.cleared_notifications as Set<string> | undefined) ?? new Set<string>();
  return { all, cleared, audio: preferences.Item?.notification_audio !== false };
}

const view = (state: Awaited<ReturnType<typeof current>>): NotificationsView => ({
  items: state.all.filter((notification) => !state.cleared.has(notification._id)),
  audio: state.audio,
});

export const listNotifications = async (auth: AuthContext) => view(await current(auth));

export async function clearNotifications(auth: AuthContext): Promise<NotificationsView> {
  const state = await current(auth);
  const ids = state.all.map((notification) => notification._id);
  if (ids.length > 0) {
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: preferencesKey(auth.companyId, auth.employeeId),
        UpdateExpression: 'ADD cleared_notifications :ids SET entity = :entity',
        ExpressionAttributeValues: { ':ids': new Set(ids), ':entity': 'employee_preferences' },
      }),
    );
  }
  return { items: [], audio: state.audio };
}

export async function setAudio(auth: AuthContext, enabled: boolean): Promise<NotificationsView> {
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: preferencesKey(auth.companyId, auth.employeeId),
      UpdateExpression: 'SET notification_audio = :enabled, entity = :entity',
      ExpressionAttributeValues: { ':enabled': enabled, ':entity': 'employee_preferences' },
    }),
  );
  return listNotifications(auth);
}
