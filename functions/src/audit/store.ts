import {
  type AuditAction,
  type AuditEntity,
  type AuditLogView,
  auditLogView,
} from '@atende/shared/contracts/logs/list-logs';
import { newObjectId } from '@atende/shared/domain/object-id';
import { getEmployee } from '../account/store.ts';
import type { TransactItem } from '../lib/dynamo/transaction.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { config } from '../lib/config.ts';
import { queryOnePage } from '../lib/dynamo/query.ts';
import { changeSummary } from './summary.ts';

/**
 * Audit entries: `C#<companyId>#AUDIT` sorted by `<ISO time>#<id>`, so a Query walks them newest first; gsi1
 * holds the same order per entity type for the entity filter.
 */
const auditKeys = {
  pk: (companyId: string) => `C#${companyId}#AUDIT`,
  byEntity: (companyId: string, entity: AuditEntity) => `C#${companyId}#AUDIT#${entity}`,
};

export interface AuditActor {
  _id: string;
  name: string;
}

/** Who is acting, with the name they had at the time of the change. */
export async function auditActor(auth: AuthContext): Promise<AuditActor> {
  // An integrator's change is signed with the key's name: keys belong to no employee.
  if (auth.apiKey) return { _id: auth.apiKey.id, name: `Chave de API: ${auth.apiKey.name}` };
  const employee = await getEmployee(auth.companyId, auth.employeeId);
  return { _id: auth.employeeId, name: employee?.name ?? '' };
}

export interface AuditChange {
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The audit entry of a change, to be written in the change's own transaction. Audit stays off the domain-event
 * stream on purpose: the actor (employee, API key, import job) is known only to the request, not to the
 * stream's item images, and an entry must exist exactly when the change does, which one transaction gives
 * without a consumer's lag, retries or dead letters.
 */
export function auditItem(
  companyId: string,
  actor: AuditActor,
  change: AuditChange,
  now = new Date(),
): TransactItem {
  const _id = newObjectId();
  const at = now.toISOString();
  const sk = `${at}#${_id}`;
  const entry: AuditLogView = {
    _id,
    at,
    actor,
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    ...changeSummary(change.before, change.after),
  };
  return {
    Put: {
      TableName: config().mainTable,
      Item: {
        pk: auditKeys.pk(companyId),
        sk,
        gsi1pk: auditKeys.byEntity(companyId, change.entity),
        gsi1sk: sk,
        ...entry,
      },
    },
  };
}

export interface AuditQuery {
  /** Inclusive lower bound, ISO instant. */
  fromIso?: string;
  /** Exclusive upper bound, ISO instant. */
  toIso?: string;
  entity?: AuditEntity;
  cursor?: string;
  limit: number;
}

/** One page of the trail, newest first. */
export async function listAuditEntries(companyId: string, query: AuditQuery) {
  const byEntity = query.entity !== undefined;
  const keyName = byEntity ? 'gsi1' : '';
  const pkName = byEntity ? 'gsi1pk' : 'pk';
  const skName = byEntity ? 'gsi1sk' : 'sk';
  const partition = query.entity ? auditKeys.byEntity(companyId, query.entity) : auditKeys.pk(companyId);
  const page = await queryOnePage(
    {
      ...(keyName ? { IndexName: keyName } : {}),
      KeyConditionExpression: `#pk = :pk AND #sk BETWEEN :from AND :to`,
      ExpressionAttributeNames: { '#pk': pkName, '#sk': skName },
      ExpressionAttributeValues: {
        ':pk': partition,
        ':from': query.fromIso ?? '0',
        ':to': query.toIso ?? '~',
      },
      ScanIndexForward: false,
      Limit: query.limit,
    },
    { companyId, cursor: query.cursor, partition },
  );
  return { items: page.items.map((item) => auditLogView.parse(item)), nextCursor: page.nextCursor };
}
