import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type ModalNotification,
  modalNotification,
} from '@atende/shared/contracts/account/get-modal-notifications';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { employeeEntity } from '../auth/entities.ts';
import { keys } from '../auth/keys.ts';
import { clients } from '../lib/clients.ts';
import { forgetCompanyItem } from '../company/store.ts';
import { config } from '../lib/config.ts';
import { type CompanyRecord, companyRecord, type EmployeeRecord, employeeRecord } from './records.ts';

export async function getCompany(companyId: string): Promise<CompanyRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: keys.company(companyId), ConsistentRead: true }),
  );
  return Item ? companyRecord.parse(Item) : undefined;
}

export async function getEmployee(
  companyId: string,
  employeeId: string,
): Promise<EmployeeRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: employeeEntity.key(companyId, employeeId),
      ConsistentRead: true,
    }),
  );
  return Item ? employeeRecord.parse(Item) : undefined;
}

export async function recordAccess(companyId: string, employeeId: string, now: Date): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: employeeEntity.key(companyId, employeeId),
      UpdateExpression: 'SET last_access_in_platform = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/**
 * Expires a trial whose due date has passed and drops its WhatsApp integrations, in one conditional write.
 * Returns the company as it is afterwards and whether this call (or an earlier one) expired it.
 */
export async function expireTrial(
  companyId: string,
  now: Date,
): Promise<{ expired: boolean; company: CompanyRecord }> {
  try {
    const { Attributes } = await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: keys.company(companyId),
        UpdateExpression: 'SET data_trial = :expired, whatsapps = :none, official_whatsapps = :none',
        ConditionExpression: 'account_is_trial = :true AND dueDate <= :now',
        ExpressionAttributeValues: {
          ':expired': { status: 'expired' },
          ':none': {},
          ':true': true,
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    forgetCompanyItem(companyId);
    return { expired: true, company: companyRecord.parse(Attributes) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const company = await getCompany(companyId);
    if (!company) throw error;
    return { expired: company.data_trial?.status === 'expired', company };
  }
}

export async function putModalNotification(
  companyId: string,
  accountType: string,
  role: string,
  notification: ModalNotification,
): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        pk: keys.modalNotifications(companyId),
        sk: keys.modalNotificationSort(accountType, role, notification._id),
        entity: 'modalNotification',
        ...notification,
      },
    }),
  );
}

/** Notifications stored for a plan and role, plus those stored for every role ('all'). */
export async function listModalNotifications(
  companyId: string,
  accountType: string,
  role: string,
): Promise<ModalNotification[]> {
  const query = async (forRole: string) => {
    const { Items } = await clients().document.send(
      new QueryCommand({
        TableName: config().mainTable,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.modalNotifications(companyId),
          ':prefix': `${accountType}#${forRole}#`,
        },
      }),
    );
    return (Items ?? []).map((item) => modalNotification.parse(item));
  };
  const [forRole, forAll] = await Promise.all([query(role), query('all')]);
  return [...forRole, ...forAll];
}
