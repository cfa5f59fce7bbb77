import { NO_ACTIVITY, type SmartTagActivity, type SmartTagContact } from '@atende/shared/rules/smart-tags';
import type { ContactRecord } from '../contacts/records.ts';
import { batchGet } from '../lib/dynamo/batch-get.ts';
import { conversationEntity } from '../conversations/entities.ts';
import { CONVERSATION_LINK_PREFIX, customerEntity } from '../contacts/entities.ts';

export const contactFacts = (record: ContactRecord): SmartTagContact => ({
  full_name: record.full_name,
  email: record.email,
  cel_phone: record.cel_phone,
  channel: record.channel,
  tags: record.tags,
  wallet: record.wallet,
  custom_fields: record.custom_fields,
  created_at: record.created_at,
  data_protection: record.data_protection,
});

/** The newest conversations looked at for the last tabulation (at most one of them is open). */
const RECENT = 2;

/**
 * A contact's activity from the inbox's own items: the customer-history links (one Query, newest first) give
 * the count and the last conversation; the newest conversations give the last message and tabulation.
 */
export async function readActivity(companyId: string, customerId: string): Promise<SmartTagActivity> {
  const links = await customerEntity.queryAll('record', [companyId, customerId], {
    sort: { beginsWith: CONVERSATION_LINK_PREFIX },
    ProjectionExpression: 'conversation',
    ScanIndexForward: false,
  });
  const history = links.map((item) => String(item.conversation));
  if (history.length === 0) return NO_ACTIVITY;
  const recent = history.slice(0, RECENT);
  const found = await batchGet(
    recent.map((id) => conversationEntity.key(companyId, id)),
    {
      attributes: ['_id', 'created_at', 'last_activity_at', 'closed_at', 'status', 'tabulation'],
      consistent: false,
    },
  );
  const conversations = [...found.values()].sort((a, b) =>
    String(b.created_at).localeCompare(String(a.created_at)),
  );
  const latest = conversations[0];
  const closed = conversations.find((conversation) => conversation.status === 'closed');
  const tabulation = closed?.tabulation as { _id?: unknown } | null | undefined;
  return {
    conversations_count: history.length,
    last_conversation_at: typeof latest?.created_at === 'string' ? latest.created_at : null,
    last_message_at: typeof latest?.last_activity_at === 'string' ? latest.last_activity_at : null,
    last_tabulation: typeof tabulation?._id === 'string' ? tabulation._id : null,
  };
}
