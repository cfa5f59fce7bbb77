import type { listConversationsQuery } from '@atende/shared/contracts/conversations/list-conversations';
import type { listMessagesQuery } from '@atende/shared/contracts/conversations/list-messages';
import type { TranscriptView } from '@atende/shared/contracts/conversations/get-transcript';
import type { ConversationView, MessageView } from '@atende/shared/contracts/conversations/views';
import type { z } from 'zod';
import type { AuthContext } from '../lib/auth-context.ts';
import { callerContext, visibleConversation } from './context.ts';
import { inboxKeys } from './keys.ts';
import { queryPage } from './paging.ts';
import {
  type ConversationRecord,
  conversationRecord,
  messageRecord,
  pickConversationView,
  pickMessageView,
  searchable,
} from './records.ts';
import { markRead } from './transition-store.ts';
import { canSee, maskConversation, type Viewer } from './visibility.ts';

type ListQuery = z.infer<typeof listConversationsQuery>;

interface Source {
  index: 'gsi1' | 'gsi2';
  partitionKey: string;
  /** Filters the source does not already imply. */
  filters: ListQuery;
}

const EMPTY = { items: [], nextCursor: null };

/** Picks the one Query that serves the tab and filters (see keys.ts for the indexes). */
function sourceOf(companyId: string, me: string, query: ListQuery): Source | undefined {
  const { status, employee } = query;
  const gsi1 = (partitionKey: string, filters: ListQuery): Source => ({
    index: 'gsi1',
    partitionKey,
    filters,
  });
  if (query.tab === 'mine') {
    if (status === undefined || status === 'in_service') {
      return gsi1(inboxKeys.inboxEmployee(companyId, me), {
        ...query,
        status: undefined,
        employee: undefined,
      });
    }
    if (status === 'closed')
      return gsi1(inboxKeys.inboxClosed(companyId), { ...query, status: undefined, employee: me });
    return undefined;
  }
  if (query.tab === 'queue') {
    if (status !== undefined && status !== 'queue') return undefined;
    return gsi1(inboxKeys.inboxQueue(companyId), { ...query, status: undefined });
  }
  if (status === 'queue') return gsi1(inboxKeys.inboxQueue(companyId), { ...query, status: undefined });
  if (status === 'bot') return gsi1(inboxKeys.inboxBot(companyId), { ...query, status: undefined });
  if (status === 'closed') return gsi1(inboxKeys.inboxClosed(companyId), { ...query, status: undefined });
  if (status === 'in_service' && employee) {
    return gsi1(inboxKeys.inboxEmployee(companyId, employee), {
      ...query,
      status: undefined,
      employee: undefined,
    });
  }
  return { index: 'gsi2', partitionKey: inboxKeys.allConversations(companyId), filters: query };
}

function filterOf(filters: ListQuery) {
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

const viewFor = (record: ConversationRecord, viewer: Viewer): ConversationView =>
  maskConversation(pickConversationView(record), viewer);

export async function listConversations(auth: AuthContext, query: ListQuery) {
  const { viewer } = await callerContext(auth);
  const source = sourceOf(auth.companyId, auth.employeeId, query);
  if (!source) return EMPTY;
  const filter = filterOf(source.filters);
  const page = await queryPage({
    companyId: auth.companyId,
    index: source.index,
    partitionKey: source.partitionKey,
    ...(filter ? { filter } : {}),
    newestFirst: true,
    limit: query.limit,
    cursor: query.cursor,
    accept: (item) => canSee(viewer, conversationRecord.parse(item)),
  });
  return {
    items: page.items.map((item) => viewFor(conversationRecord.parse(item), viewer)),
    nextCursor: page.nextCursor,
  };
}

export async function getConversationView(auth: AuthContext, id: string): Promise<ConversationView> {
  const { conversation, viewer } = await visibleConversation(auth, id);
  return viewFor(conversation, viewer);
}

/** Newest first. The assignee reading the first page has seen what was unread. */
export async function listMessages(auth: AuthContext, id: string, query: z.infer<typeof listMessagesQuery>) {
  const { conversation } = await visibleConversation(auth, id);
  const page = await queryPage({
    companyId: auth.companyId,
    partitionKey: inboxKeys.messagePk(auth.companyId, id),
    sortCondition: { expression: 'begins_with(#sk, :msg)', values: { ':msg': 'MSG#' } },
    newestFirst: true,
    limit: query.limit,
    cursor: query.cursor,
  });
  if (!query.cursor && conversation.unread > 0 && conversation.employee?._id === auth.employeeId) {
    await markRead(conversation);
  }
  return {
    items: page.items.map((item) => pickMessageView(messageRecord.parse(item))),
    nextCursor: page.nextCursor,
  };
}

const TRANSCRIPT_MAX_PAGES = 100;

/** Everything the exported transcript page prints, oldest message first. */
export async function getTranscript(auth: AuthContext, id: string): Promise<TranscriptView> {
  const { conversation, viewer, company } = await visibleConversation(auth, id);
  const messages: MessageView[] = [];
  let cursor: string | undefined;
  for (let read = 0; read < TRANSCRIPT_MAX_PAGES; read += 1) {
    const page = await queryPage({
      companyId: auth.companyId,
      partitionKey: inboxKeys.messagePk(auth.companyId, id),
      sortCondition: { expression: 'begins_with(#sk, :msg)', values: { ':msg': 'MSG#' } },
      newestFirst: false,
      limit: 100,
      cursor,
    });
    messages.push(...page.items.map((item) => pickMessageView(messageRecord.parse(item))));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return {
    company: { name: typeof company.name === 'string' ? company.name : '' },
    conversation: viewFor(conversation, viewer),
    messages,
  };
}
