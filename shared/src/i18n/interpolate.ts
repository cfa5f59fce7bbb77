/** i18next-compatible {{name}} interpolation, for code that runs without i18next (API, pure rules, tests). */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
