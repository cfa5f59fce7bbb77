import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface LocalSecrets {
  jwtSecret: string;
  encryptionKey: string;
  /** The key pair the local AWS endpoints (SQS, @connections, S3) check SigV4 signatures against. */
  awsAccessKeyId: string;
  awsSecretAccessKey: string;
}

const generators: { [K in keyof LocalSecrets]: () => string } = {
  jwtSecret: () => randomBytes(48).toString('base64url'),
  encryptionKey: () => randomBytes(32).toString('base64'),
  awsAccessKeyId: () => `AKLOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
  awsSecretAccessKey: () => randomBytes(30).toString('base64url'),
};

/**
 * The local runtime's own secrets, generated on the first start and kept under the data folder so tokens
 * and encrypted values stay valid across restarts. AWS takes them from Secrets Manager instead. A data folder
 * from before a secret existed gets that one added, keeping the others.
 */
export function localSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  const stored: Partial<LocalSecrets> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>)
    : {};
  const secrets = { ...stored } as LocalSecrets;
  let changed = false;
  for (const key of Object.keys(generators) as Array<keyof LocalSecrets>) {
    if (typeof secrets[key] === 'string' && secrets[key].length > 0) continue;
    secrets[key] = generators[key]();
    changed = true;
  }
  if (changed) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
