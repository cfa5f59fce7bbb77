import type { TimelineEntry } from '@atende/shared/contracts/contacts/get-contact-timeline';
import type { TagView } from '@atende/shared/contracts/tags/views';
import { interpolate, plural } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';

const labels = ptBR.contactsScreens.timeline;
const statuses: Readonly<Record<string, string>> = ptBR.chat.statuses;
const channels: Readonly<Record<string, string>> = ptBR.chat.channels;

/** One timeline line in the words the chat uses: "Conversa 2026… (Telegram): 5 mensagens, Encerrado". */
export function describeTimelineEntry(entry: TimelineEntry, tags: ReadonlyMap<string, TagView>): string {
  if (entry.kind === 'created') return labels.created;
  if (entry.kind === 'tag') {
    const tag = tags.get(entry.tag)?.name ?? entry.tag;
    return interpolate(entry.action === 'added' ? labels.tagAdded : labels.tagRemoved, { tag });
  }
  return plural(labels.conversation, entry.messages_count, {
    protocol: entry.protocol ?? '',
    channel: channels[entry.channel] ?? entry.channel,
    status: statuses[entry.status] ?? entry.status,
  });
}
