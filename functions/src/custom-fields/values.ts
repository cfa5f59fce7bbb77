import type { CustomFieldView } from '@atende/shared/contracts/custom-fields/views';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import { isDate } from '@atende/shared/rules/formats';

type Value = string | number | null;

/**
 * Checks and normalizes a contact's custom field values against the company's fields: numbers may arrive as
 * text (imports), dates in any accepted format, select values must be one of the options; '' and null clear.
 * Answers the normalized values, or the first problem as {field, message}.
 */
export function checkCustomValues(
  fields: readonly CustomFieldView[],
  values: Record<string, Value>,
): { ok: true; values: Record<string, Value> } | { ok: false; field: string; message: string } {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const out: Record<string, Value> = {};
  for (const [key, raw] of Object.entries(values)) {
    const field = byKey.get(key);
    const path = `custom_fields.${key}`;
    if (!field) return { ok: false, field: path, message: contactsPtBR.customFieldUnknown };
    if (raw === null || raw === '') {
      out[key] = null;
      continue;
    }
    const text = String(raw).trim();
    if (field.type === 'number') {
      const number = typeof raw === 'number' ? raw : Number(text.replace(',', '.'));
      if (!Number.isFinite(number))
        return { ok: false, field: path, message: contactsPtBR.customFieldNumber };
      out[key] = number;
    } else if (field.type === 'date') {
      if (!isDate(text)) return { ok: false, field: path, message: contactsPtBR.customFieldDate };
      out[key] = text;
    } else if (field.type === 'select') {
      if (!field.options.includes(text))
        return { ok: false, field: path, message: contactsPtBR.customFieldOption };
      out[key] = text;
    } else {
      out[key] = text.slice(0, 1000);
    }
  }
  return { ok: true, values: out };
}

/** Required fields a contact lacks after a change. */
export const missingRequired = (fields: readonly CustomFieldView[], values: Record<string, Value>) =>
  fields.filter((field) => field.required && (values[field.key] === undefined || values[field.key] === null));
