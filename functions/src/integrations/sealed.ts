import * as z from 'zod';

/**
 * The shape of provider credentials at rest and how they are shown; sealing and opening live in crypto.ts,
 * which reads the key (from Secrets Manager on AWS) when loaded, so modules that only describe or mask records
 * import this one and cost no secret read at cold start.
 *
 * Provider credentials at rest: AES-256-GCM under ENCRYPTION_KEY (32 bytes, base64; any other value is
 * stretched with SHA-256 so a passphrase still yields a full-strength key). Each blob names the key it was
 * sealed with (`kid`, a digest of the key, never the key) and the format version, so a rotated key is
 * detected instead of failing as a forged tag.
 */
export const sealedCredentials = z.object({
  v: z.literal(1),
  kid: z.string(),
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
});
export type SealedCredentials = z.infer<typeof sealedCredentials>;

/** Fields whose values are secrets: shown as their last 4 characters only. */
const SECRET_FIELDS = new Set([
  'access_token',
  'app_secret',
  'verify_token',
  'api_key',
  'bot_token',
  'secret_token',
  'webhook_token',
]);

export const maskSecret = (value: string) => `••••${value.slice(-4)}`;

/** What the API may show of saved credentials; the per-integration webhook token is never listed. */
export function maskCredentials(credentials: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(credentials)
      .filter(([field]) => field !== 'webhook_token')
      .map(([field, value]) => [field, SECRET_FIELDS.has(field) ? maskSecret(value) : value]),
  );
}
