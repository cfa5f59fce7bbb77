import type { TemplateMessage } from '@atende/shared/domain/campaign';

/** Spec point 4: only APPROVED templates can be picked. */
export function approvedTemplates(templates: readonly TemplateMessage[]): TemplateMessage[] {
  return templates.filter((template) => template.status === 'APPROVED');
}
