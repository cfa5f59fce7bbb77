import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV } from '@atende/shared/infra/env';
import * as z from 'zod';
import type { SealedCredentials } from './sealed.ts';

export { maskCredentials, maskSecret, sealedCredentials, type SealedCredentials } from './sealed.ts';

export class CredentialsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialsKeyError';
  }
}

async function readKeySecret(arn: string): Promise<string> {
  const client = new SecretsManagerClient({});
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    if (!SecretString) throw new Error(`${ENV.encryptionKeyArn} points to a secret without a string value`);
    return SecretString;
  } finally {
    client.destroy();
  }
}

/**
 * AWS: ENCRYPTION_KEY_ARN names the Secrets Manager secret holding the key (ENCRYPTION_KEY, when set, wins).
 * It is read once per container while the module loads (top-level await), so sealing and opening stay
 * synchronous; a failed read surfaces when a key is first needed instead of failing every import.
 */
async function keyFromSecretsManager(): Promise<{ value: string } | { failure: string } | undefined> {
  const arn = process.env[ENV.encryptionKeyArn];
  if (process.env[ENV.encryptionKey] || !arn) return undefined;
  try {
    return { value: await readKeySecret(arn) };
  } catch (error) {
    return { failure: `${ENV.encryptionKeyArn} could not be read: ${String(error)}` };
  }
}

const fromSecret = await keyFromSecretsManager();

function encryptionKey(): { key: Buffer; kid: string } {
  if (fromSecret && 'failure' in fromSecret) throw new CredentialsKeyError(fromSecret.failure);
  const value = process.env[ENV.encryptionKey] ?? fromSecret?.value;
  if (!value) throw new CredentialsKeyError(`${ENV.encryptionKey} is not configured`);
  const decoded = Buffer.from(value, 'base64');
  const key = decoded.length === 32 ? decoded : createHash('sha256').update(value, 'utf8').digest();
  return { key, kid: createHash('sha256').update(key).digest('hex').slice(0, 12) };
}

/** The integration id is the additional data: a blob copied onto another integration does not open. */
export function sealCredentials(
  credentials: Record<string, string>,
  integrationId: string,
): SealedCredentials {
  const { key, kid } = encryptionKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(integrationId, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return {
    v: 1,
    kid,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

export function openCredentials(sealed: SealedCredentials, integrationId: string): Record<string, string> {
  const { key, kid } = encryptionKey();
  if (sealed.kid !== kid) {
    throw new CredentialsKeyError(`credentials sealed with key ${sealed.kid}, current key is ${kid}`);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(integrationId, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
  return z.record(z.string(), z.string()).parse(JSON.parse(plain.toString('utf8')));
}
