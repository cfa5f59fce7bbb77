import {
  type DemandView,
  type PrecisionRow,
  type PrecisionView,
} from '@atende/shared/contracts/ai/insight-views';
import { aiPtBR } from '@atende/shared/i18n/pt-BR';
import { aiInsightMessagesPtBR } from '@atende/shared/i18n/ai';
import type { AuthContext } from '../lib/auth-context.ts';
import { NotFound } from '../lib/errors.ts';
import { listAssistants } from './assistants.ts';
import {
  type DemandRecord,
  listDemandRecords,
  readDemand,
  removeDemand,
  statsBetween,
} from './insights-store.ts';
import { addDocument } from './knowledge-service.ts';

const demandView = (record: DemandRecord): DemandView => ({
  _id: record._id,
  question: record.question,
  last_question: record.last_question,
  topic: record.topic,
  count: record.count,
  reasons: {
    unsupported: record.reason_unsupported,
    threshold: record.reason_threshold,
    skill: record.reason_skill,
  },
  assistants: record.assistants,
  last_conversation: record.last_conversation,
  first_seen: record.first_seen,
  last_seen: record.last_seen,
});

/** Open demands, most asked first, then most recent; one page of them. */
export async function listDemands(
  auth: AuthContext,
  query: { page: number; page_size: number; assistant?: string | undefined },
) {
  const all = (await listDemandRecords(auth.companyId))
    .filter((record) => !query.assistant || record.assistants.includes(query.assistant))
    .sort((a, b) => b.count - a.count || b.last_seen.localeCompare(a.last_seen));
  const start = (query.page - 1) * query.page_size;
  return { items: all.slice(start, start + query.page_size).map(demandView), total: all.length };
}

async function requireDemand(companyId: string, id: string) {
  const demand = await readDemand(companyId, id);
  if (!demand) throw new NotFound(aiInsightMessagesPtBR.demandNotFound);
  return demand;
}

/** Answers a demand with a question-and-answer entry in one of the company's bases, then closes it. */
export async function resolveDemand(
  auth: AuthContext,
  id: string,
  body: { knowledge_base: string; question: string; answer: string },
) {
  await requireDemand(auth.companyId, id);
  const document = await addDocument(auth, body.knowledge_base, {
    question: body.question,
    answer: body.answer,
  });
  await removeDemand(auth.companyId, id);
  return { document };
}

export async function dismissDemand(auth: AuthContext, id: string) {
  await requireDemand(auth.companyId, id);
  await removeDemand(auth.companyId, id);
  return { deleted: id };
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 1000 : null);

/** Each assistant's answered and unanswered turns over a period (UTC days), and the daily totals. */
export async function precision(
  auth: AuthContext,
  query: { from: string; to: string; assistant?: string | undefined },
): Promise<PrecisionView> {
  const [stats, assistants] = await Promise.all([
    statsBetween(auth.companyId, query.from, query.to),
    listAssistants(auth),
  ]);
  const names = new Map(assistants.assistants.map((assistant) => [assistant._id, assistant.name]));
  const rows = new Map<string, PrecisionRow>();
  const days = new Map<string, PrecisionView['days'][number]>();
  for (const record of stats) {
    const [day = '', assistant = ''] = record.sk.split('#');
    if (query.assistant && assistant !== query.assistant) continue;
    const row = rows.get(assistant) ?? {
      assistant,
      name: names.get(assistant) ?? aiPtBR.insights.precision.deletedAssistant,
      turns: 0,
      answered: 0,
      unanswered: 0,
      requested: 0,
      refused: 0,
      failed: 0,
      precision: null,
      handoff_rate: null,
    };
    for (const field of ['turns', 'answered', 'unanswered', 'requested', 'refused', 'failed'] as const)
      row[field] += record[field];
    rows.set(assistant, row);
    const daily = days.get(day) ?? { day, answered: 0, unanswered: 0, turns: 0 };
    daily.answered += record.answered;
    daily.unanswered += record.unanswered;
    daily.turns += record.turns;
    days.set(day, daily);
  }
  return {
    from: query.from,
    to: query.to,
    assistants: [...rows.values()]
      .map((row) => ({
        ...row,
        precision: rate(row.answered, row.answered + row.unanswered),
        handoff_rate: rate(row.unanswered + row.requested + row.failed, row.turns),
      }))
      .sort((a, b) => b.turns - a.turns),
    days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
  };
}
