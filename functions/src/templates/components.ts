import type { TemplateComponent } from '../channels/adapter.ts';

/** A template's header and body parameters as the adapters' components (a part without values is left out). */
export function templateComponents(header: readonly string[], body: readonly string[]): TemplateComponent[] {
  const component = (type: 'header' | 'body', values: readonly string[]): TemplateComponent[] =>
    values.length ? [{ type, parameters: values.map((text) => ({ type: 'text' as const, text })) }] : [];
  return [...component('header', header), ...component('body', body)];
}
