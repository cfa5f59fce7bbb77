import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV } from '@atende/shared/infra/env';

/** The value shipped in examples; refused outside the local runtime and tests. */
export const DEFAULT_INSECURE_SECRET = 'change-me';

let fromSecretsManager: Promise<string> | undefined;

async function readSecretArn(arn: string): Promise<string> {
  const client = new SecretsManagerClient({});
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    if (!SecretString) throw new Error(`${ENV.jwtSecretArn} points to a secret without a string value`);
    return SecretString;
  } finally {
    client.destroy();
  }
}

function checked(secret: string | undefined): string {
  const stage = process.env[ENV.stage] ?? 'local';
  const relaxed = stage === 'local' || stage === 'test';
  if (!secret || secret === DEFAULT_INSECURE_SECRET || secret.length < 32) {
    if (relaxed && secret) return secret;
    throw new Error(`${ENV.jwtSecret} is missing, default or shorter than 32 characters`);
  }
  return secret;
}

/**
 * The token signing secret: JWT_SECRET when set (local runtime, tests), else the Secrets Manager secret named
 * by JWT_SECRET_ARN (AWS), read once per container. Outside local/test a missing, short or default secret
 * stops the function instead of signing with something guessable.
 */
export async function signingSecret(): Promise<string> {
  const direct = process.env[ENV.jwtSecret];
  const arn = process.env[ENV.jwtSecretArn];
  if (direct || !arn) return checked(direct);
  fromSecretsManager ??= readSecretArn(arn).catch((error: unknown) => {
    fromSecretsManager = undefined;
    throw error;
  });
  return checked(await fromSecretsManager);
}
