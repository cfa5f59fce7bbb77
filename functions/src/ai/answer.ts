import type { AssistantReply, HandoffReason } from '@atende/shared/contracts/ai/assistant-views';
import type { CitationView } from '@atende/shared/contracts/ai/knowledge-fields';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import * as z from 'zod';
import type { AssistantRecord } from './assistants.ts';
import type { ChatMessage, ModelEndpoint } from './model-client.ts';
import { retrieve } from './retrieval.ts';
import { type SkillContext, skillLabel, skillTools } from './skills.ts';
import { chatWithTools, MAX_TOOL_STEPS } from './tool-loop.ts';
import { detectLanguage, normalize } from './text-features.ts';
import type { AiFeature } from './usage.ts';

/** Asking for a person, in the languages the product answers in. */
const HUMAN_REQUEST =
  /\b(atendente|humano|humana|pessoa real|operador|operadora|falar com (um|uma|alguem)|human|agent|representative|real person|persona real|agente)\b/;

const LANGUAGE_NAMES = { pt: 'português', en: 'inglês', es: 'espanhol' } as const;

export interface AnswerInput {
  companyId: string;
  endpoint: ModelEndpoint;
  assistant: AssistantRecord;
  message: string;
  /** Earlier turns, oldest first (customer = user, bot or operator = assistant). */
  history?: readonly ChatMessage[];
  /** Who the skills act for (the conversation's company and customer); none in a preview without one. */
  skills?: SkillContext;
  /** Whose token usage this is (an evaluation's replays are counted apart from live answers). */
  feature?: AiFeature;
}

const modelAnswer = z.object({
  answer: z.string().catch(''),
  confidence: z.number().min(0).max(1).catch(0),
  citations: z.array(z.number().int()).catch([]),
});

const containsWord = (text: string, word: string) => {
  const needle = normalize(word).trim();
  return (
    needle.length > 0 &&
    new RegExp(`(^|[^a-z0-9])${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`).test(text)
  );
};

/** Cuts at the last sentence end that fits, else at the last word. */
export function limitLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = cut.search(/[.!?][^.!?]*$/);
  if (sentence > max / 2) return cut.slice(0, sentence + 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : max).trimEnd()}…`;
}

export function systemPrompt(
  assistant: Pick<AssistantRecord, 'name' | 'instructions' | 'guardrails'>,
  language: keyof typeof LANGUAGE_NAMES,
  passages: readonly CitationView[],
  withTools = false,
) {
  return [
    `Você é ${assistant.name}, assistente de atendimento desta empresa. ${assistant.instructions}`.trim(),
    'Responda somente com base nos trechos numerados abaixo. Se eles não respondem à pergunta, não invente preços, prazos ou políticas: responda com confidence 0.',
    `Responda no idioma do cliente (${LANGUAGE_NAMES[language]}), em no máximo ${assistant.guardrails.max_answer_chars} caracteres.`,
    'Responda em JSON: {"answer": texto, "confidence": número de 0 a 1, "citations": [números dos trechos usados]}.',
    ...(withTools
      ? [
          'Use as ferramentas quando o cliente pedir algo que elas fazem; uma resposta baseada no resultado de uma ferramenta não precisa de trechos.',
        ]
      : []),
    'Trechos:',
    ...passages.map((passage, index) => `[${index + 1}] ${passage.title}\n${passage.excerpt}\n`),
  ].join('\n');
}

/**
 * One customer message to one assistant: handoff on a keyword or a request for a person, refusal of refused
 * topics, else an answer grounded in the assistant's knowledge bases (this company's only) with citations;
 * an answer the knowledge does not support, or below the confidence threshold, becomes a handoff. The handoff
 * and refusal texts are the product's own, in the customer's language, so they never depend on the model.
 */
export async function answerMessage(input: AnswerInput): Promise<AssistantReply> {
  const { assistant } = input;
  const language = detectLanguage(input.message);
  const text = normalize(input.message);
  const actions: string[] = [];
  const handoff = (reason: HandoffReason, confidence: number | null = null): AssistantReply => ({
    kind: 'handoff',
    text: aiMessagesPtBR.handoffMessage[language],
    citations: [],
    confidence,
    handoff_reason: reason,
    language,
    actions,
  });
  if (assistant.keywords.some((keyword) => containsWord(text, keyword))) return handoff('keyword');
  if (HUMAN_REQUEST.test(text)) return handoff('request');
  if (assistant.guardrails.refused_topics.some((topic) => containsWord(text, topic)))
    return {
      kind: 'refusal',
      text: aiMessagesPtBR.refusal[language],
      citations: [],
      confidence: null,
      handoff_reason: null,
      language,
      actions,
    };
  const passages = await retrieve(
    input.companyId,
    input.endpoint,
    input.message,
    assistant.knowledge_bases,
    input.feature ?? 'assistant',
  );
  const context = input.skills ?? { companyId: input.companyId };
  const tools = await skillTools(assistant, context);
  // Without knowledge there is nothing to ground an answer in, unless a skill can act on the request.
  if (passages.length === 0 && tools.every((tool) => tool.definition.name === 'hand_off'))
    return handoff('unsupported');
  const result = await chatWithTools(
    input.endpoint,
    [
      { role: 'system', content: systemPrompt(assistant, language, passages, tools.length > 0) },
      ...(input.history ?? []).slice(-10),
      { role: 'user', content: input.message },
    ],
    tools,
    { companyId: input.companyId, feature: input.feature ?? 'assistant', json: true },
  );
  for (const call of result.calls)
    actions.push(
      call.result.ok
        ? interpolate(aiMessagesPtBR.actions.skillRan, {
            skill: skillLabel(assistant, call.name),
            detail: JSON.stringify(call.args),
          })
        : interpolate(aiMessagesPtBR.actions.skillFailed, {
            skill: skillLabel(assistant, call.name),
            detail: call.result.error,
          }),
    );
  if (context.handoff) return handoff('skill');
  if (result.content === null) {
    actions.push(interpolate(aiMessagesPtBR.actions.stepLimit, { max: MAX_TOOL_STEPS }));
    return handoff('unsupported');
  }
  let parsed: z.infer<typeof modelAnswer>;
  try {
    parsed = modelAnswer.parse(JSON.parse(result.content));
  } catch {
    return handoff('unsupported');
  }
  const cited = parsed.citations
    .map((number) => passages[number - 1])
    .filter((passage): passage is CitationView => passage !== undefined);
  const actedOn = result.calls.some((call) => call.result.ok);
  if (!parsed.answer.trim() || (cited.length === 0 && !actedOn))
    return handoff('unsupported', parsed.confidence);
  if (parsed.confidence < assistant.handoff.threshold) return handoff('threshold', parsed.confidence);
  return {
    kind: 'answer',
    text: limitLength(parsed.answer.trim(), assistant.guardrails.max_answer_chars),
    citations: cited,
    confidence: parsed.confidence,
    handoff_reason: null,
    language,
    actions,
  };
}
