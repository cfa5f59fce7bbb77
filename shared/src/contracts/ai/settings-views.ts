import * as z from 'zod';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { aiMessagesPtBR } from '../../i18n/ai.ts';

const required = formsPtBR.requiredField;
const name = z.string({ error: required }).trim().min(1, required).max(120);

/** PUT /ai/settings: the api_key may be left out on a later save to keep the sealed one. */
export const aiSettingsBody = z.object({
  base_url: z
    .string({ error: required })
    .trim()
    .url(aiMessagesPtBR.invalidUrl)
    .max(500)
    .refine((value) => /^https?:\/\//.test(value), aiMessagesPtBR.invalidUrl),
  api_key: z.string().trim().min(1, aiMessagesPtBR.apiKeyRequired).max(500).optional(),
  chat_model: name,
  embedding_model: name,
});
export type AiSettingsBody = z.infer<typeof aiSettingsBody>;

export const aiUsageView = z.object({
  feature: z.string(),
  calls: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
});

/** The key is never returned: only whether one is saved. */
export const aiSettingsView = z.object({
  configured: z.boolean(),
  base_url: z.string(),
  chat_model: z.string(),
  embedding_model: z.string(),
  has_api_key: z.boolean(),
  /** Token usage this month, per feature. */
  usage: z.array(aiUsageView),
});
export type AiSettingsView = z.infer<typeof aiSettingsView>;

export const aiTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  chat: z.boolean(),
  embeddings: z.boolean(),
});
export type AiTestResult = z.infer<typeof aiTestResult>;
