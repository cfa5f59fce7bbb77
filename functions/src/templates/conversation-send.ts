import type { TemplateView } from '@atende/shared/contracts/templates/views';
import { checkTemplateParams, fillTemplate, type TemplateParams } from '@atende/shared/rules/template-params';
import { Invalid } from '../lib/errors.ts';

export interface TemplateDraft {
  content: string;
  template_name: string;
  template_params: { header: string[]; body: string[] };
}

/**
 * An operator's template send: each value's `{{variables}}` resolved for the conversation's contact, then every
 * placeholder checked (the first problem is the 400, naming its field). What the conversation keeps is the text
 * the customer reads, header above body.
 */
export async function templateDraft(
  template: TemplateView,
  params: TemplateParams | undefined,
  resolve: (value: string) => Promise<string>,
): Promise<TemplateDraft> {
  const resolved = {
    header: await Promise.all((params?.header ?? []).map((value) => resolve(value.trim()))),
    body: await Promise.all((params?.body ?? []).map((value) => resolve(value.trim()))),
  };
  const [first] = checkTemplateParams(template, resolved);
  if (first) throw new Invalid(first.field, first.message);
  const header = template.header ? fillTemplate(template.header, resolved.header) : '';
  const body = fillTemplate(template.body, resolved.body);
  return {
    content: header ? `${header}\n\n${body}` : body,
    template_name: template.name,
    template_params: resolved,
  };
}
