import type { TimelineEntry } from '@atende/shared/contracts/contacts/get-contact-timeline';
import { getConversation } from '../conversations/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { customerEntity } from './entities.ts';
import { loadScope } from './scope.ts';
import { visibleContact } from './service.ts';

/**
 * app/timeline: the contact's creation, every conversation (with its message count) and every tag change, in
 * time order, from the contact's own partition (one Query) plus one read per conversation.
 */
export async function contactTimeline(auth: AuthContext, id: string): Promise<{ entries: TimelineEntry[] }> {
  const scope = await loadScope(auth);
  const contact = await visibleContact(scope, id);
  const items = await customerEntity.queryAll('record', [auth.companyId, id]);
  const entries: TimelineEntry[] = [];
  if (contact.created_at)
    entries.push({ kind: 'created', at: contact.created_at, employee: contact.created_by });
  const conversations = await Promise.all(
    items
      .filter((item) => item.entity === 'customer_conversation' && typeof item.conversation === 'string')
      .map((item) => getConversation(auth.companyId, item.conversation as string)),
  );
  for (const conversation of conversations) {
    if (!conversation) continue;
    entries.push({
      kind: 'conversation',
      at: conversation.created_at,
      conversation: conversation._id,
      ...(conversation.protocol ? { protocol: conversation.protocol } : {}),
      channel: conversation.channel,
      status: conversation.status,
      messages_count: conversation.message_seq,
    });
  }
  for (const item of items.filter((candidate) => candidate.entity === 'contact_tag_log')) {
    entries.push({
      kind: 'tag',
      at: String(item.sk).split('#')[1] ?? '',
      tag: String(item.tag),
      action: item.action === 'removed' ? 'removed' : 'added',
      employee: typeof item.employee === 'string' ? item.employee : null,
    });
  }
  return { entries: entries.sort((a, b) => a.at.localeCompare(b.at)) };
}
