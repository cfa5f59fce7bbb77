import type { listMessagesQuery } from '@atende/shared/contracts/conversations/list-messages';
import type { TranscriptView } from '@atende/shared/contracts/conversations/get-transcript';
import type { ConversationView, MessageView } from '@atende/shared/contracts/conversations/views';
import type { z } from 'zod';
import type { AuthContext } from '../lib/auth-context.ts';
import { batchGet, itemOf } from '../lib/dynamo/batch-get.ts';
import { callerContext, visibleConversation } from './context.ts';
import { customerChannels } from './customer-channels.ts';
import { filterOf, type ListQuery, matchesSource, type Source, sourceOf } from './list-source.ts';
import { withMediaUrls } from './media-url.ts';
import { fillPage } from '../lib/dynamo/fill-page.ts';
import {
  type ConversationRecord,
  conversationRecord,
  messageRecord,
  pickConversationView,
  pickMessageView,
} from './records.ts';
import { markRead } from './transition-store.ts';
import { canSee, maskConversation, type Viewer } from './visibility.ts';
import { MESSAGE_PREFIX, conversationEntity, messageEntity } from './entities.ts';
import { CONVERSATION_LINK_PREFIX, customerEntity } from '../contacts/entities.ts';

const EMPTY = { items: [], nextCursor: null };

async function viewsFor(companyId: string, records: ConversationRecord[], viewer: Viewer) {
  const channelOf = await customerChannels(companyId, records);
  return records.map((record) => maskConversation(pickConversationView(record, channelOf(record)), viewer));
}

const viewFor = async (record: ConversationRecord, viewer: Viewer): Promise<ConversationView> =>
  (await viewsFor(record.company, [record], viewer))[0] as ConversationView;

/**
 * One customer's conversations, newest first: a Query of the customer's history items (keys.ts), the
 * conversations they point at read by key, then the tab, filters and visibility checked on each.
 */
function customerPage(
  companyId: string,
  customerId: string,
  source: Source,
  viewer: Viewer,
  query: ListQuery,
) {
  return fillPage({
    companyId,
    partitionKey: customerEntity.partition('record', companyId, customerId),
    sortCondition: {
      expression: 'begins_with(#sk, :conv)',
      values: { ':conv': CONVERSATION_LINK_PREFIX },
    },
    newestFirst: true,
    limit: query.limit,
    cursor: query.cursor,
    load: async (links) => {
      const keyOf = (link: Record<string, unknown>) =>
        conversationEntity.key(companyId, String(link.conversation));
      const found = await batchGet(links.map(keyOf));
      return links.map((link) => itemOf(found, keyOf(link)));
    },
    accept: (item) => {
      const record = conversationRecord.parse(item);
      return matchesSource(source, item, record) && canSee(viewer, record);
    },
  });
}

export async function listConversations(auth: AuthContext, query: ListQuery) {
  const { viewer } = await callerContext(auth);
  const source = sourceOf(auth.companyId, auth.employeeId, query);
  if (!source) return EMPTY;
  const filter = query.customer ? undefined : filterOf(source.filters);
  const page = query.customer
    ? await customerPage(auth.companyId, query.customer, source, viewer, query)
    : await fillPage({
        companyId: auth.companyId,
        index: source.index,
        partitionKey: source.partitionKey,
        ...(filter ? { filter } : {}),
        newestFirst: true,
        limit: query.limit,
        cursor: query.cursor,
        accept: (item) => canSee(viewer, conversationRecord.parse(item)),
      });
  const records = page.items.map((item) => conversationRecord.parse(item));
  return { items: await viewsFor(auth.companyId, records, viewer), nextCursor: page.nextCursor };
}

export async function getConversationView(auth: AuthContext, id: string): Promise<ConversationView> {
  const { conversation, viewer } = await visibleConversation(auth, id);
  return viewFor(conversation, viewer);
}

/** Newest first. The assignee reading the first page has seen what was unread. */
export async function listMessages(auth: AuthContext, id: string, query: z.infer<typeof listMessagesQuery>) {
  const { conversation } = await visibleConversation(auth, id);
  const page = await fillPage({
    companyId: auth.companyId,
    partitionKey: messageEntity.partition('conversation', auth.companyId, id),
    sortCondition: { expression: 'begins_with(#sk, :msg)', values: { ':msg': MESSAGE_PREFIX } },
    newestFirst: true,
    limit: query.limit,
    cursor: query.cursor,
  });
  if (!query.cursor && conversation.unread > 0 && conversation.employee?._id === auth.employeeId) {
    await markRead(conversation);
  }
  return {
    items: await withMediaUrls(page.items.map((item) => pickMessageView(messageRecord.parse(item)))),
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
    const page = await fillPage({
      companyId: auth.companyId,
      partitionKey: messageEntity.partition('conversation', auth.companyId, id),
      sortCondition: { expression: 'begins_with(#sk, :msg)', values: { ':msg': MESSAGE_PREFIX } },
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
    conversation: await viewFor(conversation, viewer),
    messages: await withMediaUrls(messages),
  };
}
