/** i18next-compatible {{name}} interpolation, for code that runs without i18next (API, pure rules, tests). */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** A text in its singular and plural forms ("1 contato carregado" / "2 contatos carregados"). */
export interface PluralForms {
  one: string;
  other: string;
}

/**
 * The form for `count`, filled. Brazilian usage puts only 1 in the singular ("0 contatos", "1 contato"), which is
 * narrower than CLDR's pt rule (0 and 1), so the choice is written here rather than read from Intl.PluralRules.
 */
export function plural(
  forms: PluralForms,
  count: number,
  values: Record<string, string | number> = {},
): string {
  return interpolate(Math.abs(count) === 1 ? forms.one : forms.other, { count, ...values });
}
