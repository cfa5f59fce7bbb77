import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AuditAction,
  type AuditEntity,
  type AuditLogView,
  auditLogView,
} from '@atende/shared/contracts/logs/list-logs';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { getEmployee } from '../account/store.ts';
import type { TransactItem } from '../lib/dynamo/transaction.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Invalid } from '../lib/errors.ts';
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

/** The audit entry of a change, to be written in the change's own transaction. */
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

function decodeCursor(companyId: string, cursor: string): Record<string, string> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const prefix = `C#${companyId}#AUDIT`;
    if (
      key &&
      typeof key === 'object' &&
      Object.values(key).every((value) => typeof value === 'string') &&
      (key as Record<string, unknown>).pk === prefix
    ) {
      return key as Record<string, string>;
    }
  } catch {
    // falls through to the 400 below
  }
  throw new Invalid('cursor', ptBR.admin.invalidCursor);
}

const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

/** One page of the trail, newest first. */
export async function listAuditEntries(companyId: string, query: AuditQuery) {
  const byEntity = query.entity !== undefined;
  const keyName = byEntity ? 'gsi1' : '';
  const pkName = byEntity ? 'gsi1pk' : 'pk';
  const skName = byEntity ? 'gsi1sk' : 'sk';
  const { Items, LastEvaluatedKey } = await clients().document.send(
    new QueryCommand({
      TableName: config().mainTable,
      ...(keyName ? { IndexName: keyName } : {}),
      KeyConditionExpression: `#pk = :pk AND #sk BETWEEN :from AND :to`,
      ExpressionAttributeNames: { '#pk': pkName, '#sk': skName },
      ExpressionAttributeValues: {
        ':pk': query.entity ? auditKeys.byEntity(companyId, query.entity) : auditKeys.pk(companyId),
        ':from': query.fromIso ?? '0',
        ':to': query.toIso ?? '~',
      },
      ScanIndexForward: false,
      Limit: query.limit,
      ...(query.cursor ? { ExclusiveStartKey: decodeCursor(companyId, query.cursor) } : {}),
    }),
  );
  return {
    items: (Items ?? []).map((item) => auditLogView.parse(item)),
    nextCursor: encodeCursor(LastEvaluatedKey),
  };
}
