import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { adminPtBR, developersPtBR } from '../../i18n/pt-BR.ts';

const labels = developersPtBR.api;

export const MAX_API_KEYS = 50;

/** `*`, or `<area>:read` / `<area>:write` (areas are kebab-case domain names: contacts, smart-tags, ...). */
export const SCOPE_PATTERN = /^(\*|[a-z][a-z-]{1,39}:(read|write))$/;

export const apiKeyBody = z.object({
  name: z.string({ error: labels.nameRequired }).trim().min(1, { error: labels.nameRequired }).max(80),
  scopes: z
    .array(z.string().regex(SCOPE_PATTERN, { error: adminPtBR.invalidField }), {
      error: labels.scopesRequired,
    })
    .min(1, { error: labels.scopesRequired })
    .max(60)
    .transform((scopes) => [...new Set(scopes)]),
  /** ISO instant; absent or null for a key that never expires. */
  expires_at: z.iso
    .datetime({ offset: true, error: adminPtBR.invalidField })
    .nullable()
    .optional()
    .refine((value) => !value || Date.parse(value) > Date.now(), { error: labels.expiryPast }),
});

export const apiKeyView = z.object({
  _id: objectId,
  name: z.string(),
  scopes: z.array(z.string()),
  /** The key's first characters, to tell keys apart; the key itself is only stored hashed. */
  prefix: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.object({ _id: objectId, name: z.string() }),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

export const createdApiKeyView = z.object({ _id: objectId, key: z.string() });

export const apiKeyIdParams = z.object({ id: objectId });
