import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isObjectId } from '@atende/shared/domain/object-id';

/**
 * An API key: `atd_<companyId>_<keyId>_<secret>`. The ids tell the authorizer where to read the key's record
 * (one GetItem under the company's own partition); only the SHA-256 of the whole key is stored, and a key is
 * accepted only when its hash matches, so the ids in it prove nothing by themselves. 32 random bytes make a
 * slow hash unnecessary: there is nothing to brute-force.
 */
const PREFIX = 'atd';

export interface ParsedKey {
  companyId: string;
  keyId: string;
}

export function newApiKey(companyId: string, keyId: string): string {
  return `${PREFIX}_${companyId}_${keyId}_${randomBytes(32).toString('hex')}`;
}

export function parseApiKey(key: string): ParsedKey | undefined {
  const [prefix, companyId, keyId, secret, ...rest] = key.split('_');
  if (prefix !== PREFIX || rest.length > 0 || !isObjectId(companyId) || !isObjectId(keyId)) return undefined;
  if (!secret || !/^[0-9a-f]{64}$/.test(secret)) return undefined;
  return { companyId, keyId };
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export function hashMatches(key: string, storedHash: string): boolean {
  const actual = Buffer.from(hashApiKey(key), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** What the list shows to tell keys apart: the prefix and the key id's last characters. */
export const displayPrefix = (keyId: string) => `${PREFIX}_…${keyId.slice(-6)}`;
