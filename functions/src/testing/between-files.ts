import { afterAll, vi } from 'vitest';
import { setAccountMailer } from '../auth/account-mail.ts';
import { setEmailTransport } from '../channels/email/environment-transport.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { resetClients } from '../lib/clients.ts';
import { resetConfig } from '../lib/config.ts';
import { restoreChannelSenders } from '../outbound/senders.ts';

/*
 * Setup file of the test files that share a worker process (vitest.config.ts runs the functions files without
 * `vi.mock` with `isolate: false`, so modules load once per worker instead of once per file). It runs before
 * each of those files; after the file, what it changed in the process goes back as it was: environment
 * variables, fake timers, the test overrides of provider fetch, channel senders, account mail and the e-mail
 * transport, and the clients, configuration and read caches (resetClients clears every cache registered with
 * it). The next file starts as it would alone.
 */
const environment = { ...process.env };

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  setProviderFetch();
  setAccountMailer();
  setEmailTransport();
  restoreChannelSenders();
  resetConfig();
  resetClients();
});
