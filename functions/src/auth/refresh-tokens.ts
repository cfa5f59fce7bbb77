import { createHash, randomBytes } from 'node:crypto';

/** Refresh tokens live 30 days from their last use; each use rotates the token and extends the session. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 86_400;

/** An opaque refresh token: 256 random bits. Only its SHA-256 is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');
