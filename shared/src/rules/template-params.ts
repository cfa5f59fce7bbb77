import { interpolate } from '../i18n/interpolate.ts';
import { templateParamsPtBR } from '../i18n/template-params.ts';

/** The values an operator (or a campaign) gives a template's `{{n}}` placeholders, in placeholder order. */
export interface TemplateParams {
  header: readonly string[];
  body: readonly string[];
}

export interface TemplateText {
  header?: string | undefined;
  body: string;
}

export interface TemplateParamError {
  /** The request field the error names, e.g. `template_params.body.0`. */
  field: string;
  message: string;
}

/** Meta refuses a text header parameter longer than this (the whole header text is limited to 60 characters). */
export const HEADER_PARAM_MAX = 60;
/** Meta's body limit (1,024 characters) bounds a body parameter too. */
export const BODY_PARAM_MAX = 1024;

/** Template placeholders `{{1}}`, `{{2}}` ... in order of their numbers. */
export const templatePlaceholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((match) => match[1] ?? ''))].sort(
    (a, b) => Number(a) - Number(b),
  );

/** The template's text with each `{{n}}` replaced by its value; a placeholder without one stays as typed. */
export function fillTemplate(text: string, values: readonly string[]): string {
  const order = templatePlaceholders(text);
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, number: string) => {
    const value = values[order.indexOf(number)];
    return value === undefined || value.trim() === '' ? whole : value;
  });
}

const strings = templateParamsPtBR;
/** A `{{reference}}` left in a value means a variable nothing resolved: it would reach the customer as typed. */
const UNRESOLVED = /\{\{[^}]*\}\}/;

function problem(part: 'header' | 'body', value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return strings.required;
  if (UNRESOLVED.test(value)) return strings.unresolved;
  if (part === 'header') {
    if (/[\n\r\t]/.test(value)) return strings.lineBreak;
    if (value.length > HEADER_PARAM_MAX) return interpolate(strings.tooLong, { max: HEADER_PARAM_MAX });
    return undefined;
  }
  // Meta's error 132018: body parameters may not hold new lines, tabs or more than 4 spaces in a row.
  if (/[\n\r\t]/.test(value)) return strings.lineBreak;
  if (/ {5,}/.test(value)) return strings.spaces;
  if (value.length > BODY_PARAM_MAX) return interpolate(strings.tooLong, { max: BODY_PARAM_MAX });
  return undefined;
}

/**
 * Every placeholder of the template's header and body checked against its value, each error naming the
 * placeholder ("A variável {{2}} do texto: ...") and the field; extra values are refused too (Meta would).
 */
export function checkTemplateParams(template: TemplateText, params: TemplateParams): TemplateParamError[] {
  const errors: TemplateParamError[] = [];
  const parts = [
    ['header', templatePlaceholders(template.header ?? ''), params.header],
    ['body', templatePlaceholders(template.body), params.body],
  ] as const;
  for (const [part, placeholders, values] of parts) {
    placeholders.forEach((placeholder, index) => {
      const reason = problem(part, values[index]);
      if (!reason) return;
      errors.push({
        field: `template_params.${part}.${index}`,
        message: interpolate(strings.error, {
          placeholder: `{{${placeholder}}}`,
          part: strings.parts[part],
          reason,
        }),
      });
    });
    if (values.length > placeholders.length) {
      errors.push({
        field: `template_params.${part}`,
        message: interpolate(strings.tooMany, { part: strings.parts[part], count: placeholders.length }),
      });
    }
  }
  return errors;
}
