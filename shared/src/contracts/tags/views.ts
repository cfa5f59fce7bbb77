import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { contactsPtBR, formsPtBR } from '../../i18n/pt-BR.ts';

const required = formsPtBR.requiredField;

/** A tag colour: #RGB or #RRGGBB. */
export const tagColor = z
  .string({ error: required })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, contactsPtBR.invalidColor);

export const tagView = z.object({ _id: objectId, name: z.string(), color: z.string() });
export type TagView = z.infer<typeof tagView>;

export const tagBody = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(40),
  color: tagColor,
});
export const tagPatch = tagBody.partial();
export const tagIdParams = z.object({ id: objectId });
