import type { OAuthApp } from '@atende/shared/contracts/apps/oauth';
import type { AppView } from '@atende/shared/contracts/apps/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import { appsPtBR } from '@atende/shared/i18n/pt-BR';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, Invalid } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { CrmRejected } from '../crm/client.ts';
import type { AppRecord } from '../records.ts';
import { commitInstallation, installableEntry, listApps } from '../service.ts';
import { getApp } from '../store.ts';
import { rdAuthorizeUrl, rdClientConfig, rdRequestTokens, type RdTokens } from './rdstation-marketing.ts';
import { consumeState, signState } from './state.ts';
import { saveTokens, sealTokens } from './tokens.ts';

const strings = appsPtBR.oauth;

/** 502: RD Station could not be reached or failed; the admin may simply try again. */
class ProviderUnavailable extends AppError {
  constructor() {
    super(502, 'provider_unavailable', strings.unreachable);
  }
}

function configured() {
  const client = rdClientConfig();
  if (!client) throw new Invalid('name', strings.notConfigured);
  return client;
}

/** `/app/auth/{app}`: the SPA page the provider redirects back to (spec point 2, `/app/auth/:type?`). */
export function oauthRedirectUri(app: OAuthApp): string {
  const base = (process.env[ENV.publicBaseUrl] ?? '').replace(/\/+$/, '');
  return `${base}/app/auth/${app}`;
}

export async function startOAuth(auth: AuthContext, app: OAuthApp): Promise<{ authorize_url: string }> {
  await installableEntry(auth, app);
  const client = configured();
  const state = await signState(app, auth);
  return { authorize_url: rdAuthorizeUrl(client, oauthRedirectUri(app), state) };
}

async function exchange(code: string): Promise<RdTokens> {
  try {
    return await rdRequestTokens(configured(), { code });
  } catch (error) {
    if (error instanceof CrmRejected) {
      logger.warn('rd station marketing refused the code', { status: error.status, error: error.message });
      throw new Invalid('code', strings.refused);
    }
    if (error instanceof AppError) throw error;
    logger.warn('rd station marketing token exchange failed', {
      error: error instanceof Error ? error.message : String(error),
    });
    throw new ProviderUnavailable();
  }
}

async function viewOf(auth: AuthContext, app: OAuthApp): Promise<AppView> {
  const view = (await listApps(auth)).apps.find((candidate) => candidate.name === app);
  if (!view) throw new Error(`catalogue without ${app}`);
  return view;
}

/**
 * The callback: the state is checked (and spent) before RD Station sees the code; the tokens are sealed in a
 * new installation, or replace those of the current one (a reconnection keeps its contact links).
 */
export async function completeOAuth(
  auth: AuthContext,
  app: OAuthApp,
  body: { code: string; state: string },
  now = new Date(),
): Promise<AppView> {
  await consumeState(body.state, app, auth, now);
  const entry = await installableEntry(auth, app);
  const tokens = await exchange(body.code);
  const current = await getApp(auth.companyId, app);
  if (current) {
    const saved = await saveTokens(current, current.oauth_rev ?? 0, sealTokens(tokens, current._id, now));
    if (!saved) logger.warn('rd station marketing reconnected while a refresh ran', { app: current._id });
    return viewOf(auth, app);
  }
  const _id = newObjectId();
  const record: AppRecord = {
    _id,
    company: auth.companyId,
    name: app,
    installed_at: now.toISOString(),
    installed_by: auth.employeeId,
    settings: {},
    credentials_set: ['token'],
    credentials: sealTokens(tokens, _id, now),
    oauth_rev: 0,
  };
  return commitInstallation(auth, entry, record, now);
}
