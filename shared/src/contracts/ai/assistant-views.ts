import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { aiMessagesPtBR } from '../../i18n/ai.ts';
import { activityType } from '../pipelines/views.ts';
import { citationView } from './knowledge-fields.ts';

const required = formsPtBR.requiredField;

/** Built-in actions an assistant may take, and HTTP actions an admin defines (called with the SSRF rules). */
export const BUILT_IN_SKILLS = ['handoff', 'lookup_contact', 'update_contact', 'add_tag'] as const;

/** Built-in skills that need the admin's choices: where deals go, who gets the scheduled activities. */
export const CONFIGURED_SKILLS = ['create_deal', 'schedule_activity'] as const;

export const skill = z.union([
  z.object({ kind: z.enum(BUILT_IN_SKILLS) }),
  /** Opens a deal for the conversation's customer in this company's pipeline (its first stage unless set). */
  z.object({
    kind: z.literal('create_deal'),
    pipeline: objectId,
    stage: objectId.nullable().default(null),
    /** The deals' owner, who also stands as the one who opened them (stage rules assign to them). */
    owner: objectId,
  }),
  /** Schedules an activity about the conversation's customer for this employee. */
  z.object({
    kind: z.literal('schedule_activity'),
    assignee: objectId,
    activity_type: activityType.default('call'),
  }),
  z.object({
    kind: z.literal('http'),
    name: z.string({ error: required }).trim().min(1, required).max(60),
    description: z.string().trim().max(500).default(''),
    method: z.enum(['GET', 'POST']).default('GET'),
    url: z.string({ error: required }).trim().url(aiMessagesPtBR.invalidUrl).max(1000),
  }),
]);
export type Skill = z.infer<typeof skill>;

export const assistantBody = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(80),
  instructions: z.string().trim().max(4000).default(''),
  knowledge_bases: z.array(objectId).max(20).default([]),
  skills: z
    .array(skill)
    .max(20)
    .default([{ kind: 'handoff' }]),
  handoff: z
    .object({
      department: objectId.nullable().optional(),
      /** Below this confidence (0–1) the assistant hands off instead of answering. */
      threshold: z.number().min(0).max(1).optional(),
    })
    .default({}),
  /** Words that force a handoff when a customer's message contains them. */
  keywords: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
  guardrails: z
    .object({
      refused_topics: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
      max_answer_chars: z.number().int().min(100).max(4000).default(700),
    })
    .default({ refused_topics: [], max_answer_chars: 700 }),
  /** Channel integrations this assistant answers (as the channel's responder). */
  channels: z.array(objectId).max(50).default([]),
});
export type AssistantBody = z.infer<typeof assistantBody>;
export const assistantPatch = assistantBody.partial();

export const assistantView = z.object({
  _id: objectId,
  name: z.string(),
  instructions: z.string(),
  knowledge_bases: z.array(objectId),
  skills: z.array(skill),
  handoff: z.object({ department: objectId.nullable(), threshold: z.number() }),
  keywords: z.array(z.string()),
  guardrails: z.object({ refused_topics: z.array(z.string()), max_answer_chars: z.number() }),
  channels: z.array(objectId),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssistantView = z.infer<typeof assistantView>;

export const HANDOFF_REASONS = ['keyword', 'request', 'threshold', 'unsupported', 'skill'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];

/** What an assistant does with one customer message. */
export const assistantReply = z.object({
  kind: z.enum(['answer', 'handoff', 'refusal']),
  text: z.string(),
  citations: z.array(citationView),
  confidence: z.number().nullable(),
  handoff_reason: z.enum(HANDOFF_REASONS).nullable(),
  language: z.string(),
  /** What the assistant did with its skills on this message (shown to operators), in order. */
  actions: z.array(z.string()).default([]),
});
export type AssistantReply = z.infer<typeof assistantReply>;

export const previewBody = z.object({
  message: z.string({ error: required }).trim().min(1, required).max(2000),
});

/** Copilot actions in the composer; nothing is sent by the copilot itself. */
export const COPILOT_ACTIONS = ['suggest', 'summarize', 'rephrase', 'translate'] as const;
export const TONES = ['formal', 'friendly', 'concise'] as const;
export const copilotBody = z.object({
  action: z.enum(COPILOT_ACTIONS).default('suggest'),
  /** The operator's draft, for rephrase and translate. */
  text: z.string().trim().max(4000).optional(),
  tone: z.enum(TONES).optional(),
  language: z.string().trim().min(2).max(20).optional(),
});
export const copilotView = z.object({ text: z.string(), citations: z.array(citationView) });
export type CopilotView = z.infer<typeof copilotView>;
