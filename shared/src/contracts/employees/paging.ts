import * as z from 'zod';
import { adminPtBR } from '../../i18n/pt-BR.ts';

export const PAGE_SIZE = { default: 20, max: 100 } as const;

/** Cursor paging of the admin lists: `cursor` is opaque, taken from the previous page's `nextCursor`. */
export const pageQuery = {
  cursor: z.string().min(1).max(2048).optional(),
  limit: z.coerce
    .number({ error: adminPtBR.invalidField })
    .int()
    .min(1)
    .max(PAGE_SIZE.max)
    .default(PAGE_SIZE.default),
};

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
