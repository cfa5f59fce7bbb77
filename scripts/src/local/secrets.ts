import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface LocalSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

/**
 * The local runtime's own secrets, generated on the first start and kept under the data folder so tokens
 * and encrypted values stay valid across restarts. AWS takes them from Secrets Manager instead.
 */
export function localSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets: LocalSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('base64'),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
