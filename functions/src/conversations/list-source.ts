import type { listConversationsQuery } from '@atende/shared/contracts/conversations/list-conversations';
import type { z } from 'zod';
import { type ConversationRecord, searchable } from './records.ts';
import type { IndexName } from '../lib/dynamo/entity.ts';
import { conversationEntity } from './entities.ts';

const INBOX_INDEX = conversationEntity.indexes.inbox.index;
const ALL_INDEX = conversationEntity.indexes.all.index;

export type ListQuery = z.infer<typeof listConversationsQuery>;

export interface Source {
  index: Exclude<IndexName, 'table'>;
  partitionKey: string;
  /** Filters the source does not already imply. */
  filters: ListQuery;
}

/** Picks the one Query that serves the tab and filters (see keys.ts for the indexes). */
export function sourceOf(companyId: string, me: string, query: ListQuery): Source | undefined {
  const { status, employee } = query;
  const inbox = (partitionKey: string, filters: ListQuery): Source => ({
    index: INBOX_INDEX,
    partitionKey,
    filters,
  });
  if (query.tab === 'mine') {
    if (status === undefined || status === 'in_service') {
      return inbox(conversationEntity.partition('inbox', companyId, 'in_service', me), {
        ...query,
        status: undefined,
        employee: undefined,
      });
    }
    if (status === 'closed')
      return inbox(conversationEntity.partition('inbox', companyId, 'closed'), {
        ...query,
        status: undefined,
        employee: me,
      });
    return undefined;
  }
  if (query.tab === 'queue') {
    if (status !== undefined && status !== 'queue') return undefined;
    return inbox(conversationEntity.partition('inbox', companyId, 'queue'), { ...query, status: undefined });
  }
  if (status === 'queue')
    return inbox(conversationEntity.partition('inbox', companyId, 'queue'), { ...query, status: undefined });
  if (status === 'bot')
    return inbox(conversationEntity.partition('inbox', companyId, 'bot'), { ...query, status: undefined });
  if (status === 'closed')
    return inbox(conversationEntity.partition('inbox', companyId, 'closed'), { ...query, status: undefined });
  if (status === 'in_service' && employee) {
    return inbox(conversationEntity.partition('inbox', companyId, 'in_service', employee), {
      ...query,
      status: undefined,
      employee: undefined,
    });
  }
  return { index: ALL_INDEX, partitionKey: conversationEntity.partition('all', companyId), filters: query };
}

/** The source's filters as a DynamoDB FilterExpression (the customer filter is served by its own Query). */
export function filterOf(filters: ListQuery) {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const equals = (attribute: string, value: unknown, path = `#${attribute}`) => {
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
    conditions.push(`${path} = :${attribute}`);
  };
  if (filters.status) equals('status', filters.status);
  if (filters.channel) equals('channel', filters.channel);
  if (filters.department) equals('department', filters.department);
  if (filters.wallet) equals('wallet', filters.wallet);
  if (filters.employee) {
    names['#employee'] = 'employee';
    names['#id'] = '_id';
    values[':employee'] = filters.employee;
    conditions.push('#employee.#id = :employee');
  }
  if (filters.search) {
    names['#search'] = 'search_text';
    values[':search'] = searchable(filters.search);
    conditions.push('contains(#search, :search)');
  }
  return conditions.length > 0 ? { expression: conditions.join(' AND '), names, values } : undefined;
}

/**
 * The same source and filters checked on a conversation item read by key (the customer's history points at
 * conversations; it holds none of their index attributes).
 */
export function matchesSource(source: Source, item: Record<string, unknown>, record: ConversationRecord) {
  const { filters } = source;
  return (
    item[`${source.index}pk`] === source.partitionKey &&
    (!filters.status || record.status === filters.status) &&
    (!filters.channel || record.channel === filters.channel) &&
    (!filters.department || record.department === filters.department) &&
    (!filters.wallet || record.wallet === filters.wallet) &&
    (!filters.employee || record.employee?._id === filters.employee) &&
    (!filters.search || record.search_text.includes(searchable(filters.search)))
  );
}
