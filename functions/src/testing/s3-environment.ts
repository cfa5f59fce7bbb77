import { resetClients } from '../lib/clients.ts';
import { resetConfig } from '../lib/config.ts';

const ENV_NAMES = [
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_REGION',
] as const;

export type S3Environment = Partial<Record<(typeof ENV_NAMES)[number], string>>;

/**
 * The S3 endpoint and AWS credential variables a presigning test sets: `use` sets exactly these (the others
 * unset) and resets the config and clients that read them; `restore` puts back what was there when this was
 * called (at the test file's load).
 */
export function s3Environment(): { use: (values: S3Environment) => void; restore: () => void } {
  const saved = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]])) as S3Environment;
  const use = (values: S3Environment) => {
    for (const name of ENV_NAMES) {
      const value = values[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfig();
    resetClients();
  };
  return { use, restore: () => use(saved) };
}
