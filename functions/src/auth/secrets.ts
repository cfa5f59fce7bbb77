import { ENV } from '@atende/shared/infra/env';

/** The value shipped in examples; refused outside the local runtime and tests. */
export const DEFAULT_INSECURE_SECRET = 'change-me';

/**
 * The token signing secret. In production (STAGE other than local/test) a missing, short or default secret
 * stops the function instead of signing with something guessable.
 */
export function signingSecret(): string {
  const secret = process.env[ENV.jwtSecret];
  const stage = process.env[ENV.stage] ?? 'local';
  const relaxed = stage === 'local' || stage === 'test';
  if (!secret || secret === DEFAULT_INSECURE_SECRET || secret.length < 32) {
    if (relaxed && secret) return secret;
    throw new Error(`${ENV.jwtSecret} is missing, default or shorter than 32 characters`);
  }
  return secret;
}
