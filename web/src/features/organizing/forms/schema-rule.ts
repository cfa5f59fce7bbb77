import type { z } from 'zod';

/** The message of a value refused by a contract field's schema (the same text the API would answer with). */
export function schemaError(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value === null ? undefined : value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** antd form rule checking a field against its contract schema. */
export const schemaRule = (schema: z.ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const message = schemaError(schema, value);
    if (message) throw new Error(message);
  },
});

/** `{{key}}` as typed in a message; inserting it at the cursor keeps what was written around it. */
export function insertVariable(text: string, key: string, cursor: number = text.length): string {
  const at = Math.max(0, Math.min(cursor, text.length));
  return `${text.slice(0, at)}{{${key}}}${text.slice(at)}`;
}
