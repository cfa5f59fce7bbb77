import type { CopilotView } from '@atende/shared/contracts/ai/assistant-views';
import type * as z from 'zod';
import type { copilotBody } from '@atende/shared/contracts/ai/assistant-views';
import { visibleConversation } from '../conversations/context.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid } from '../lib/errors.ts';
import { formsPtBR } from '@atende/shared/i18n/pt-BR';
import { systemPrompt } from './answer.ts';
import { listKbs } from './knowledge-store.ts';
import { recentTurns } from './history.ts';
import { chat } from './model-client.ts';
import { retrieve } from './retrieval.ts';
import { requireEndpoint } from './settings.ts';
import { detectLanguage } from './text-features.ts';

const TONE_NAMES = { formal: 'formal', friendly: 'friendly', concise: 'concise' } as const;

/**
 * The operator's copilot: a reply suggestion grounded in the company's knowledge (with citations), a summary
 * of the conversation, the operator's draft rephrased in a tone or translated. It only answers text for the
 * composer; nothing is sent from here.
 */
export async function copilot(
  auth: AuthContext,
  conversationId: string,
  body: z.infer<typeof copilotBody>,
): Promise<CopilotView> {
  const { conversation } = await visibleConversation(auth, conversationId);
  const endpoint = await requireEndpoint(auth.companyId);
  const options = { companyId: auth.companyId, feature: 'copilot' as const };
  const turns = await recentTurns(auth.companyId, conversation._id);
  const transcript = turns
    .map((turn) => `${turn.role === 'user' ? 'Cliente' : 'Atendente'}: ${turn.content}`)
    .join('\n');
  if (body.action === 'summarize') {
    const text = await chat(
      endpoint,
      [
        {
          role: 'system',
          content:
            'Resuma esta conversa de atendimento em português, em até 5 frases, para o próximo atendente.',
        },
        { role: 'user', content: transcript },
      ],
      options,
    );
    return { text, citations: [] };
  }
  if (body.action === 'rephrase' || body.action === 'translate') {
    if (!body.text) throw new Invalid('text', formsPtBR.requiredField);
    const system =
      body.action === 'rephrase'
        ? `Reescreva a mensagem do atendente mantendo o sentido. tom: ${TONE_NAMES[body.tone ?? 'formal']}`
        : `Traduza a mensagem do atendente. idioma: ${
            body.language ??
            detectLanguage(
              turns
                .filter((t) => t.role === 'user')
                .map((t) => t.content)
                .join(' '),
            )
          }`;
    const text = await chat(
      endpoint,
      [
        { role: 'system', content: system },
        { role: 'user', content: body.text },
      ],
      options,
    );
    return { text, citations: [] };
  }
  const lastQuestion = [...turns].reverse().find((turn) => turn.role === 'user')?.content ?? '';
  const kbs = (await listKbs(auth.companyId)).map((kb) => kb._id);
  const passages = lastQuestion ? await retrieve(auth.companyId, endpoint, lastQuestion, kbs, 'copilot') : [];
  const language = detectLanguage(lastQuestion);
  const pseudoAssistant = {
    _id: '',
    company: auth.companyId,
    name: 'Copiloto',
    instructions: 'Sugira a próxima resposta do atendente.',
    knowledge_bases: kbs,
    skills: [],
    handoff: { department: null, threshold: 0 },
    keywords: [],
    guardrails: { refused_topics: [], max_answer_chars: 700 },
    channels: [],
    created_at: '',
    updated_at: '',
  };
  const raw = await chat(
    endpoint,
    [{ role: 'system', content: systemPrompt(pseudoAssistant, language, passages) }, ...turns],
    { ...options, json: true },
  );
  try {
    const parsed = JSON.parse(raw) as { answer?: unknown; citations?: unknown };
    const cited = Array.isArray(parsed.citations) ? parsed.citations : [];
    return {
      text: typeof parsed.answer === 'string' ? parsed.answer : '',
      citations: cited.flatMap((number) => {
        const passage = typeof number === 'number' ? passages[number - 1] : undefined;
        return passage ? [passage] : [];
      }),
    };
  } catch {
    return { text: raw, citations: [] };
  }
}
