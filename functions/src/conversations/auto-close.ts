import { readSettings } from '../company/settings-reader.ts';
import { type CompanyItem, readCompanyItem } from '../company/store.ts';
import { logger } from '../lib/logger.ts';
import { conversationRecord, type ConversationRecord } from './records.ts';
import { getConversation } from './store.ts';
import { announceClose, closeRecord } from './transitions.ts';
import { OPEN_BUCKETS, conversationEntity } from './entities.ts';

/** The shortest auto-close the settings allow is 1 hour: nothing more recent is ever a candidate. */
const MIN_IDLE_MS = 3_600_000;

/** Hours of inactivity after which the company closes a conversation in this status, if it does. */
export function idleLimitHours(
  company: CompanyItem,
  status: ConversationRecord['status'],
): number | undefined {
  const { autoClose } = readSettings(company);
  if (status === 'bot') return autoClose.chatbot.enabled ? autoClose.chatbot.hours : undefined;
  if (status === 'in_service' || status === 'queue')
    return autoClose.attendant.enabled ? autoClose.attendant.hours : undefined;
  return undefined;
}

async function candidates(now: Date): Promise<{ companyId: string; id: string }[]> {
  const cutoff = new Date(now.getTime() - MIN_IDLE_MS).toISOString();
  const found: { companyId: string; id: string }[] = [];
  for (let bucket = 0; bucket < OPEN_BUCKETS; bucket += 1) {
    const items = await conversationEntity.queryAll('open', [bucket], {
      sort: { lt: cutoff },
      ProjectionExpression: 'company, #id',
      ExpressionAttributeNames: { '#id': '_id' },
    });
    for (const item of items) {
      if (typeof item.company === 'string' && typeof item._id === 'string')
        found.push({ companyId: item.company, id: item._id });
    }
  }
  return found;
}

/**
 * The auto-close schedule: closes every open conversation idle longer than its company allows (attendant
 * hours for queue and in-service conversations, chatbot hours for bot ones). Safe to run twice: closing is
 * conditioned on the status read.
 */
export async function autoClose(now = new Date()): Promise<{ closed: number }> {
  const companies = new Map<string, CompanyItem | undefined>();
  let closed = 0;
  for (const { companyId, id } of await candidates(now)) {
    if (!companies.has(companyId))
      companies.set(companyId, await readCompanyItem(companyId).catch(() => undefined));
    const company = companies.get(companyId);
    const stored = company ? await getConversation(companyId, id) : undefined;
    if (!company || !stored) continue;
    const conversation = conversationRecord.parse(stored);
    const hours = idleLimitHours(company, conversation.status);
    if (hours === undefined) continue;
    if (now.getTime() - new Date(conversation.last_activity_at).getTime() < hours * 3_600_000) continue;
    const moved = await closeRecord(
      conversation,
      null,
      conversation.status === 'bot' ? 'chatbot_inactivity' : 'inactivity',
    );
    if (!moved) continue;
    closed += 1;
    await announceClose(company, conversation, moved);
  }
  if (closed > 0) logger.info('auto close', { closed });
  return { closed };
}

export const handler = async (): Promise<{ closed: number }> => autoClose();
