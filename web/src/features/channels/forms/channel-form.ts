import type { OfficialProvider, IntegrationView } from '@atende/shared/contracts/integrations/views';
import {
  createIntegrationBody,
  OFFICIAL_PROVIDERS,
  updateIntegrationBody,
} from '@atende/shared/contracts/integrations/views';
import type { z } from 'zod';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { ChannelChoice, ChannelField } from './channel-fields.ts';
import { channelFields } from './channel-fields.ts';

export type ChannelFormValues = Partial<Record<string, string>>;

export interface ChannelFormMode {
  /** Editing a saved integration: its secrets are kept unless the admin asked to replace them. */
  editing: boolean;
  replacing: ReadonlySet<string>;
}

export const CREATE_MODE: ChannelFormMode = { editing: false, replacing: new Set() };

const LABEL_MAX = 60;

const text = (value: string | undefined) => (value ?? '').trim();

/** A secret the admin leaves as saved is neither shown nor checked nor sent. */
export const secretKept = (field: ChannelField, mode: ChannelFormMode) =>
  field.secret && mode.editing && !mode.replacing.has(field.name);

export function labelError(value: string | undefined): string | undefined {
  const label = text(value);
  if (!label) return ptBR.forms.requiredField;
  if (label.length > LABEL_MAX)
    return interpolate(ptBR.channelsScreens.invalid.maxLength, { max: LABEL_MAX });
  return undefined;
}

/** The form's own check of one credential field: 'Campo obrigatório.' when blank and required, then its format. */
export function fieldError(
  field: ChannelField,
  value: string | undefined,
  mode: ChannelFormMode,
): string | undefined {
  if (secretKept(field, mode)) return undefined;
  const entered = text(value);
  if (!entered) return field.required ? ptBR.forms.requiredField : undefined;
  return field.check?.(entered);
}

/** Every problem of the form, keyed by field name; empty when the form can be sent. */
export function validateChannelForm(
  choice: ChannelChoice,
  values: ChannelFormValues,
  mode: ChannelFormMode,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const label = labelError(values.label);
  if (label) errors.label = label;
  for (const field of channelFields(choice)) {
    const error = fieldError(field, values[field.name], mode);
    if (error) errors[field.name] = error;
  }
  return errors;
}

const credentialEntries = (choice: ChannelChoice, values: ChannelFormValues, mode: ChannelFormMode) =>
  channelFields(choice).flatMap((field): [string, string][] => {
    if (secretKept(field, mode)) return [];
    const entered = text(values[field.name]);
    // The widget greeting may be blank on purpose (the widget's default); other optional fields are left out.
    if (!entered && field.name !== 'greeting') return [];
    return [[field.name, entered]];
  });

/** The create body of issue 6: `{type, provider?, label, ...credentials}` with the providers' own names. */
export function createBody(choice: ChannelChoice, values: ChannelFormValues): Record<string, string> {
  return {
    type: choice.type,
    ...(choice.type === 'official' ? { provider: choice.provider ?? 'meta' } : {}),
    label: text(values.label),
    ...Object.fromEntries(credentialEntries(choice, values, CREATE_MODE)),
  };
}

/** The edit body: the label, the visible fields, and only the secrets the admin chose to replace. */
export function updateBody(
  choice: ChannelChoice,
  values: ChannelFormValues,
  mode: ChannelFormMode,
): Record<string, string> {
  return { label: text(values.label), ...Object.fromEntries(credentialEntries(choice, values, mode)) };
}

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };

/** The contract's verdict on a body the form built, its refusals keyed by field like the form's own. */
function checkWith<S extends z.ZodType>(schema: S, raw: Record<string, string>): Checked<z.output<S>> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'label')] ??= issue.message;
  return { ok: false, errors };
}

export const checkedCreateBody = (choice: ChannelChoice, values: ChannelFormValues) =>
  checkWith(createIntegrationBody, createBody(choice, values));

export const checkedUpdateBody = (choice: ChannelChoice, values: ChannelFormValues, mode: ChannelFormMode) =>
  checkWith(updateIntegrationBody, updateBody(choice, values, mode));

const isOfficialProvider = (value: string): value is OfficialProvider =>
  (OFFICIAL_PROVIDERS as readonly string[]).includes(value);

/** The form kind of a saved integration. */
export function choiceOf(view: IntegrationView): ChannelChoice {
  if (view.type === 'official')
    return { type: 'official', provider: isOfficialProvider(view.provider) ? view.provider : 'meta' };
  return { type: view.type };
}

/** What a saved value of a field looks like: identifiers whole, secrets masked by the API ('••••abcd'). */
export function savedValue(view: IntegrationView, name: string): string | undefined {
  if (view.type === 'widget')
    return name === 'color' || name === 'greeting' ? view.settings[name] : undefined;
  if (view.type === 'unofficial') return undefined;
  return view.credentials[name];
}

/** The edit form's starting values: the label and every visible (non-secret) field as saved. */
export function initialValues(view: IntegrationView): ChannelFormValues {
  const visible = channelFields(choiceOf(view))
    .filter((field) => !field.secret)
    .map((field) => [field.name, savedValue(view, field.name) ?? '']);
  return { label: view.label, ...Object.fromEntries(visible) };
}
