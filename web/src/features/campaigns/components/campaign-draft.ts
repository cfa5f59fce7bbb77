import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { CampaignInput } from '../api/campaigns-api.ts';

const t = ptBR.campaigns;
const required = ptBR.forms.requiredField;

/** What the stepper collects, step by step, before it becomes the API's body. */
export interface CampaignDraft {
  name: string;
  integration: string | undefined;
  official: boolean;
  template: string | undefined;
  templateBody: string;
  message: string;
  variables: Record<string, { source: 'field' | 'text'; value: string }>;
  tags: string[];
  smartTag: string | undefined;
  wallet: string | undefined;
  audienceList: string | undefined;
  /** One custom-field filter (key equal to value); empty when unused. */
  customField: { key: string; value: string };
  sendNow: boolean;
  scheduledAt: string | undefined;
  delay: { min: number; max: number };
}

export const EMPTY_DRAFT: CampaignDraft = {
  name: '',
  integration: undefined,
  official: true,
  template: undefined,
  templateBody: '',
  message: '',
  variables: {},
  tags: [],
  smartTag: undefined,
  wallet: undefined,
  audienceList: undefined,
  customField: { key: '', value: '' },
  sendNow: true,
  scheduledAt: undefined,
  delay: { min: 5, max: 15 },
};

/** Variables a template can use for each `{{n}}`: the default ones and the contact's fields. */
export const FIELD_VARIABLES = [
  'customer_first_name',
  'customer_full_name',
  'contact.email',
  'contact.cel_phone',
  'company_name',
] as const;

export const placeholders = (body: string) =>
  [...new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((match) => match[1] ?? ''))].sort(
    (a, b) => Number(a) - Number(b),
  );

export const audienceOf = (draft: CampaignDraft) => ({
  ...(draft.tags.length ? { tags: draft.tags } : {}),
  ...(draft.smartTag ? { smart_tag: draft.smartTag } : {}),
  ...(draft.wallet ? { wallet: draft.wallet } : {}),
  ...(draft.audienceList ? { audience_list: draft.audienceList } : {}),
  ...(draft.customField.key.trim()
    ? { custom_fields: [{ key: draft.customField.key.trim(), value: draft.customField.value.trim() }] }
    : {}),
});

export const hasAudienceDraft = (draft: CampaignDraft) => Object.keys(audienceOf(draft)).length > 0;

export function bodyOf(draft: CampaignDraft): CampaignInput {
  return {
    name: draft.name,
    integration: draft.integration ?? '',
    ...(draft.official
      ? { template: draft.template, variables: draft.variables }
      : { message: draft.message, delay: draft.delay }),
    audience: audienceOf(draft),
    ...(!draft.sendNow && draft.scheduledAt ? { scheduled_at: draft.scheduledAt } : {}),
  };
}

/** The first problem of a step, in pt-BR, or undefined when the step may be left. */
export function stepProblem(step: number, draft: CampaignDraft, now = Date.now()): string | undefined {
  if (step === 0) {
    if (!draft.name.trim()) return `${t.fields.name}: ${required}`;
    if (!draft.integration) return `${t.fields.integration}: ${required}`;
    if (draft.official && !draft.template) return t.templateRequired;
    if (!draft.official && !draft.message.trim()) return t.messageRequired;
  }
  if (step === 1 && !draft.official && draft.delay.min > draft.delay.max) return t.delayRange;
  if (step === 2 && !hasAudienceDraft(draft)) return t.audienceRequired;
  if (step === 3 && !draft.sendNow && (!draft.scheduledAt || Date.parse(draft.scheduledAt) <= now)) {
    return t.scheduledInPast;
  }
  return undefined;
}
