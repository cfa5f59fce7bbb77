import type {
  EvaluationBody,
  EvaluationCase,
  EvaluationScores,
  EvaluationView,
} from '@atende/shared/contracts/ai/evaluation-views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { aiPtBR } from '@atende/shared/i18n/pt-BR';
import * as z from 'zod';
import { readContact } from '../contacts/store.ts';
import { conversationEntity, MESSAGE_PREFIX, messageEntity } from '../conversations/entities.ts';
import { conversationRecord, messageRecord } from '../conversations/records.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { queryOnce } from '../lib/dynamo/query.ts';
import { NotFound } from '../lib/errors.ts';
import { answerMessage } from './answer.ts';
import { type AssistantRecord, requireAssistant } from './assistants.ts';
import {
  type Candidate,
  type EvaluationRecord,
  listEvaluationRecords,
  putEvaluation,
  readEvaluation,
  updateEvaluation,
} from './evaluation-store.ts';
import { enqueueIngest, type EvaluationMessage } from './ingest-queue.ts';
import { chat, type ModelEndpoint, ModelError } from './model-client.ts';
import { retrieve } from './retrieval.ts';
import { requireEndpoint } from './settings.ts';

/**
 * Before an assistant goes live, and after each change: the company's own resolved conversations replayed
 * against it. Each case is the customer's question that a person answered; the assistant answers it (with no
 * skill that acts, so a replay changes nothing), and the model, as a judge, scores the answer against the
 * person's and says whether the assistant's knowledge held what the person said. Handoffs are right when it
 * did not. Runs in the background on the AI queue, a few cases per message, with its progress on the record.
 */

/** Replays per queue message: each is up to three model calls, well inside the queue's 15 minutes. */
export const CASES_PER_STEP = 5;
/** Conversations read to find the cases (closed ones without a person's answer are skipped). */
const MAX_SCANNED = 400;
const QUESTION_CHARS = 1000;
const REFERENCE_CHARS = 1500;

const view = (record: EvaluationRecord): EvaluationView => {
  const { company: _company, candidates: _candidates, ...rest } = record;
  return rest;
};

export async function startEvaluation(auth: AuthContext, body: EvaluationBody): Promise<EvaluationView> {
  const assistant = await requireAssistant(auth.companyId, body.assistant);
  // No model, no evaluation: the admin reads why now rather than in a failed run.
  await requireEndpoint(auth.companyId);
  const record: EvaluationRecord = {
    _id: newObjectId(),
    company: auth.companyId,
    assistant: assistant._id,
    assistant_name: assistant.name,
    from: body.from,
    to: body.to,
    tag: body.tag ?? null,
    limit: body.limit,
    status: 'queued',
    progress: 0,
    total: 0,
    processed: 0,
    scores: scoresOf([]),
    error: null,
    created_at: new Date().toISOString(),
    created_by: auth.employeeId,
    finished_at: null,
    cases: [],
    candidates: [],
  };
  await putEvaluation(record);
  await enqueueIngest({ kind: 'evaluation', companyId: auth.companyId, evaluation: record._id });
  return view(record);
}

export async function listEvaluations(auth: AuthContext, query: { assistant?: string | undefined }) {
  const items = await listEvaluationRecords(auth.companyId);
  return {
    items: items
      .filter((item) => !query.assistant || item.assistant === query.assistant)
      .map(({ cases: _cases, ...summary }) => summary),
  };
}

export async function getEvaluation(auth: AuthContext, id: string): Promise<EvaluationView> {
  const record = await readEvaluation(auth.companyId, id);
  if (!record) throw new NotFound(aiPtBR.insights.evaluation.notFound);
  return view(record);
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 1000 : null);

/** The evaluation's scores from its cases. */
export function scoresOf(cases: readonly EvaluationCase[]): EvaluationScores {
  const answered = cases.filter((item) => item.reply_kind === 'answer');
  const handedOff = cases.filter((item) => item.reply_kind !== 'answer');
  const unanswerable = cases.filter((item) => !item.answerable);
  const scoreSum = answered.reduce((sum, item) => sum + (item.score ?? 0), 0);
  return {
    cases: cases.length,
    answered: answered.length,
    handed_off: handedOff.length,
    accuracy: answered.length > 0 ? Math.round((1000 * scoreSum) / answered.length) / 1000 : null,
    handoff_precision: rate(handedOff.filter((item) => !item.answerable).length, handedOff.length),
    handoff_recall: rate(
      unanswerable.filter((item) => item.reply_kind !== 'answer').length,
      unanswerable.length,
    ),
  };
}

const isDialogue = (message: z.infer<typeof messageRecord>) =>
  message.type === 'text' &&
  message.content.trim().length > 0 &&
  !message.flags.some((flag) => ['ai_action', 'system', 'template'].includes(flag));

/**
 * A resolved conversation's case: the customer's last few messages before a person's first answer, and that
 * answer (with the person's next messages, until the customer writes again). Bot messages in between are the
 * assistant's own earlier turns: the customer's question before them is still the one the person answered.
 */
export function caseOf(
  conversation: string,
  messages: readonly z.infer<typeof messageRecord>[],
): Candidate | undefined {
  const asked: string[] = [];
  const answered: string[] = [];
  for (const message of messages.filter(isDialogue)) {
    if (message.sent_by === 'customer') {
      if (answered.length > 0) break;
      asked.push(message.content.trim());
    } else if (message.sent_by === 'operator' && asked.length > 0) {
      answered.push(message.content.trim());
    }
  }
  if (asked.length === 0 || answered.length === 0) return undefined;
  return {
    conversation,
    question: asked.slice(-3).join('\n').slice(0, QUESTION_CHARS),
    reference: answered.join('\n').slice(0, REFERENCE_CHARS),
  };
}

/** The period's closed conversations, newest first, that a person answered (and whose customer has the tag). */
async function selectCandidates(record: EvaluationRecord): Promise<Candidate[]> {
  const found: Candidate[] = [];
  let scanned = 0;
  const query = conversationEntity.indexQuery('inbox', [record.company, 'closed'], {
    sort: { between: [`${record.from}T00:00:00`, `${record.to}T23:59:59.999~`] },
    ScanIndexForward: false,
    Limit: 50,
  });
  let start: Parameters<typeof queryOnce>[1];
  do {
    const page = await queryOnce(query, start);
    start = page.last;
    for (const item of page.items) {
      if (found.length >= record.limit || scanned >= MAX_SCANNED) return found;
      scanned += 1;
      const conversation = conversationRecord.safeParse(item);
      if (!conversation.success || conversation.data.company !== record.company) continue;
      if (record.tag) {
        const contact = await readContact(record.company, conversation.data.customer._id);
        if (!contact?.tags.includes(record.tag)) continue;
      }
      const messages = await queryOnce(
        messageEntity.indexQuery('conversation', [record.company, conversation.data._id], {
          sort: { beginsWith: MESSAGE_PREFIX },
          Limit: 60,
        }),
      );
      const candidate = caseOf(
        conversation.data._id,
        messages.items.flatMap((message) => {
          const parsed = messageRecord.safeParse(message);
          return parsed.success ? [parsed.data] : [];
        }),
      );
      if (candidate) found.push(candidate);
    }
  } while (start);
  return found;
}

const judgeAnswer = z.object({
  score: z.number().min(0).max(1).catch(0),
  answerable: z.boolean().catch(false),
});

/** The judge's prompt: the question, the person's answer, the assistant's, and the passages it could use. */
export function judgePrompt(
  question: string,
  reference: string,
  reply: string | null,
  passages: readonly { title: string; excerpt: string }[],
): string {
  return [
    'Você é um avaliador de respostas de atendimento. Compare a resposta do assistente com a resposta de referência, escrita pela equipe, e diga se os trechos de conhecimento contêm a informação da referência.',
    'Responda em JSON: {"score": número de 0 a 1 (quanto a resposta do assistente concorda com a referência; 0 se não houver resposta), "answerable": true se os trechos contêm a informação da referência, senão false}.',
    `Pergunta do cliente: ${question.replace(/\n/g, ' ')}`,
    `Referência: ${reference.replace(/\n/g, ' ')}`,
    `Resposta do assistente: ${reply === null ? '(nenhuma: transferiu para um atendente)' : reply.replace(/\n/g, ' ')}`,
    'Trechos:',
    ...passages.map((passage, index) => `[${index + 1}] ${passage.title}\n${passage.excerpt}\n`),
  ].join('\n');
}

/** One case: the assistant answers the question (acting skills left out), then the judge compares. */
export async function replayCase(
  companyId: string,
  endpoint: ModelEndpoint,
  assistant: AssistantRecord,
  candidate: Candidate,
): Promise<EvaluationCase> {
  const replayed: AssistantRecord = {
    ...assistant,
    skills: assistant.skills.filter((skill) => skill.kind === 'handoff'),
  };
  const reply = await answerMessage({
    companyId,
    endpoint,
    assistant: replayed,
    message: candidate.question,
    feature: 'evaluation',
  });
  const passages = await retrieve(
    companyId,
    endpoint,
    candidate.question,
    assistant.knowledge_bases,
    'evaluation',
  );
  const answered = reply.kind === 'answer';
  const raw = await chat(
    endpoint,
    [
      {
        role: 'system',
        content: judgePrompt(candidate.question, candidate.reference, answered ? reply.text : null, passages),
      },
      { role: 'user', content: candidate.question },
    ],
    { companyId, feature: 'evaluation', json: true },
  );
  let verdict: z.infer<typeof judgeAnswer>;
  try {
    verdict = judgeAnswer.parse(JSON.parse(raw));
  } catch {
    verdict = { score: 0, answerable: false };
  }
  return {
    conversation: candidate.conversation,
    question: candidate.question,
    reference: candidate.reference,
    reply: reply.text,
    reply_kind: reply.kind,
    handoff_reason: reply.handoff_reason,
    score: answered ? Math.round(verdict.score * 100) / 100 : null,
    answerable: verdict.answerable,
    handoff_correct: answered ? verdict.answerable : !verdict.answerable,
  };
}

/**
 * One queue message of an evaluation: on the first, pick the cases; then replay the next few, each written
 * only if the evaluation still stands where this step read it (a redelivered step writes nothing twice), and
 * queue the next step until all are done.
 */
export async function runEvaluationStep(message: EvaluationMessage, lastAttempt = true): Promise<void> {
  let record = await readEvaluation(message.companyId, message.evaluation);
  if (!record || record.status === 'done' || record.status === 'failed') return;
  const fail = (error: string) =>
    updateEvaluation(record!, { status: 'failed', error, finished_at: new Date().toISOString() });
  try {
    const endpoint = await requireEndpoint(record.company);
    const assistant = await requireAssistant(record.company, record.assistant);
    if (record.status === 'queued') {
      const candidates = await selectCandidates(record);
      if (candidates.length === 0) {
        await fail(aiPtBR.insights.evaluation.noConversations);
        return;
      }
      await updateEvaluation(
        record,
        { status: 'running', candidates, total: candidates.length, progress: 1 },
        { processed: 0 },
      );
      record = { ...record, status: 'running', candidates, total: candidates.length };
    }
    let processed = record.processed;
    const cases = [...record.cases];
    const end = Math.min(record.candidates.length, processed + CASES_PER_STEP);
    for (; processed < end; processed += 1) {
      const candidate = record.candidates[processed];
      if (!candidate) break;
      const result = await replayCase(record.company, endpoint, assistant, candidate);
      cases.push(result);
      const written = await updateEvaluation(
        record,
        {
          processed: processed + 1,
          progress: Math.max(1, Math.round((100 * (processed + 1)) / record.total)),
          scores: scoresOf(cases),
          error: null,
        },
        { processed, addCase: result },
      );
      // Another delivery of this step got there first: it carries on from here.
      if (!written) return;
    }
    if (processed >= record.total)
      await updateEvaluation(record, {
        status: 'done',
        progress: 100,
        candidates: [],
        finished_at: new Date().toISOString(),
      });
    else await enqueueIngest(message);
  } catch (error) {
    if (error instanceof NotFound) {
      await fail(error.message);
      return;
    }
    if (error instanceof ModelError) {
      // A busy or unavailable model may answer on the queue's next attempt; the admin reads why meanwhile.
      const transient = ['rate_limit', 'unavailable'].includes(error.failure);
      if (transient && !lastAttempt) {
        await updateEvaluation(record, { error: error.userMessage });
        throw error;
      }
      await fail(error.userMessage);
      return;
    }
    throw error;
  }
}
