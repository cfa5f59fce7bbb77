import { randomBytes } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV } from '@atende/shared/infra/env';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ARN = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:atende/encryption-AbCdEf';
const secretsManager = mockClient(SecretsManagerClient);
const saved = { key: process.env[ENV.encryptionKey], arn: process.env[ENV.encryptionKeyArn] };

const restore = (name: string, value: string | undefined): void => {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};

/** A fresh copy of the module: the secret is read while it loads. */
const loadCrypto = async () => {
  vi.resetModules();
  return import('./crypto.ts');
};

describe('the credentials key', () => {
  beforeEach(() => secretsManager.reset());
  afterEach(() => {
    restore(ENV.encryptionKey, saved.key);
    restore(ENV.encryptionKeyArn, saved.arn);
  });

  it('is read once from the Secrets Manager secret named by ENCRYPTION_KEY_ARN', async () => {
    const key = randomBytes(32).toString('base64');
    delete process.env[ENV.encryptionKey];
    process.env[ENV.encryptionKeyArn] = ARN;
    secretsManager.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: key });

    const fromArn = await loadCrypto();
    const sealed = fromArn.sealCredentials({ access_token: 'token-1234' }, 'integration-1');
    expect(fromArn.openCredentials(sealed, 'integration-1')).toEqual({ access_token: 'token-1234' });
    fromArn.openCredentials(sealed, 'integration-1');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);

    // The same key given directly opens what the secret's key sealed.
    delete process.env[ENV.encryptionKeyArn];
    process.env[ENV.encryptionKey] = key;
    const direct = await loadCrypto();
    expect(direct.openCredentials(sealed, 'integration-1')).toEqual({ access_token: 'token-1234' });
  });

  it('prefers ENCRYPTION_KEY and then never calls Secrets Manager', async () => {
    process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
    process.env[ENV.encryptionKeyArn] = ARN;
    const crypto = await loadCrypto();
    const sealed = crypto.sealCredentials({ bot_token: 'abc' }, 'integration-2');
    expect(crypto.openCredentials(sealed, 'integration-2')).toEqual({ bot_token: 'abc' });
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('lets the module load when the secret cannot be read and refuses to seal with a clear error', async () => {
    delete process.env[ENV.encryptionKey];
    process.env[ENV.encryptionKeyArn] = ARN;
    secretsManager.on(GetSecretValueCommand).rejects(new Error('AccessDeniedException'));
    const crypto = await loadCrypto();
    expect(crypto.maskSecret('secret-value')).toBe('••••alue');
    const attempt = () => crypto.sealCredentials({ api_key: 'k' }, 'integration-3');
    expect(attempt).toThrow(crypto.CredentialsKeyError);
    expect(attempt).toThrow(/ENCRYPTION_KEY_ARN could not be read: .*AccessDeniedException/);
  });

  it('is missing when neither ENCRYPTION_KEY nor ENCRYPTION_KEY_ARN is set', async () => {
    delete process.env[ENV.encryptionKey];
    delete process.env[ENV.encryptionKeyArn];
    const crypto = await loadCrypto();
    expect(() => crypto.sealCredentials({ api_key: 'k' }, 'integration-4')).toThrow(
      'ENCRYPTION_KEY is not configured',
    );
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
