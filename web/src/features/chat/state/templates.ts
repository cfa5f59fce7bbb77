import type { TemplateView } from '@atende/shared/contracts/templates/views';
import { templateParamsPtBR } from '@atende/shared/i18n/template-params';
import {
  checkTemplateParams,
  fillTemplate,
  type TemplateParamError,
  type TemplateParams,
  templatePlaceholders,
} from '@atende/shared/rules/template-params';

/** Spec point 4: only APPROVED templates can be picked. */
export function approvedTemplates<T extends { status: string }>(templates: readonly T[]): T[] {
  return templates.filter((template) => template.status === 'APPROVED');
}

/** The contact and operator fields a parameter can take, as the server's `{{variables}}`. */
export const FIELD_VARIABLES = Object.keys(
  templateParamsPtBR.fieldOptions,
) as (keyof typeof templateParamsPtBR.fieldOptions)[];

/** What the browser knows of those fields, for the preview (the server resolves them again when sending). */
export interface KnownFields {
  customerName: string;
  customerEmail?: string | undefined;
  customerPhone?: string | undefined;
  employeeName?: string | undefined;
  companyName?: string | undefined;
}

export function previewLookup(fields: KnownFields): (key: string) => string | undefined {
  const values: Record<string, string | undefined> = {
    customer_full_name: fields.customerName,
    customer_first_name: fields.customerName.split(/\s+/)[0],
    'contact.email': fields.customerEmail,
    'contact.cel_phone': fields.customerPhone,
    employee_name: fields.employeeName,
    company_name: fields.companyName,
  };
  return (key) => values[key] || undefined;
}

export interface TemplateSlot {
  part: 'header' | 'body';
  placeholder: string;
  index: number;
}

/** One input per placeholder: the header's first, then the body's. */
export function templateSlots(template: Pick<TemplateView, 'header' | 'body'>): TemplateSlot[] {
  const slots = (part: 'header' | 'body', text: string) =>
    templatePlaceholders(text).map((placeholder, index) => ({ part, placeholder, index }));
  return [...slots('header', template.header ?? ''), ...slots('body', template.body)];
}

export const slotKey = (slot: Pick<TemplateSlot, 'part' | 'index'>) => `${slot.part}.${slot.index}`;

/** The typed values as the request's parameters, in placeholder order. */
export function paramsOf(template: Pick<TemplateView, 'header' | 'body'>, values: Record<string, string>) {
  const pick = (part: 'header' | 'body') =>
    templateSlots(template)
      .filter((slot) => slot.part === part)
      .map((slot) => (values[slotKey(slot)] ?? '').trim());
  return { header: pick('header'), body: pick('body') };
}

const VARIABLE = /\{\{\s*([\w.]+)\s*\}\}/g;

/** A value's `{{variables}}` filled from what the browser knows; unknown ones stay as typed. */
export const resolveValue = (value: string, lookup: (key: string) => string | undefined) =>
  value.replace(VARIABLE, (whole, key: string) => lookup(key) ?? whole);

/** The header and body the customer will read, for the preview. */
export function templatePreview(
  template: Pick<TemplateView, 'header' | 'body'>,
  params: TemplateParams,
  lookup: (key: string) => string | undefined,
) {
  const fill = (values: readonly string[]) => values.map((value) => resolveValue(value, lookup));
  return {
    header: template.header ? fillTemplate(template.header, fill(params.header)) : undefined,
    body: fillTemplate(template.body, fill(params.body)),
  };
}

/**
 * The form's errors by slot. A field variable the browser cannot fill (a custom field, say) is left for the
 * server, which resolves it and refuses it by name if the contact has no value.
 */
export function templateErrors(
  template: Pick<TemplateView, 'header' | 'body'>,
  params: TemplateParams,
  lookup: (key: string) => string | undefined,
): Record<string, string> {
  const stand = (value: string) => resolveValue(value, (key) => lookup(key) ?? key);
  const errors: TemplateParamError[] = checkTemplateParams(template, {
    header: params.header.map(stand),
    body: params.body.map(stand),
  });
  return Object.fromEntries(
    errors.map((error) => [error.field.replace('template_params.', ''), error.message]),
  );
}
