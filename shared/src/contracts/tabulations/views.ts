import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';

/**
 * A service category (spec point 3, Tabulation). `name` is a stable slug made from the first label, so a
 * rename (new label) keeps conversations already categorised under it.
 */
export const tabulationView = z.object({ _id: objectId, label: z.string(), name: z.string() });
export type TabulationView = z.infer<typeof tabulationView>;

const required = formsPtBR.requiredField;
export const tabulationLabel = z.string({ error: required }).trim().min(1, required).max(80);

export const tabulationIdParams = z.object({ id: objectId });
