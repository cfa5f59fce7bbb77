import * as z from 'zod';
// One locale by path: `z.locales.pt` would bundle every locale zod ships into each Lambda.
import pt from 'zod/v4/locales/pt.js';
import { Invalid } from './errors.ts';

z.config(pt());

/** Parses input with a zod schema; a failure is a 400 naming the first offending field, in pt-BR. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : where;
  const message = issue ? `Campo inválido: ${field}: ${issue.message}` : `Campo inválido: ${field}`;
  throw new Invalid(field, message);
}
