import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { openCredentials, sealCredentials } from '../../integrations/crypto.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { logger } from '../../lib/logger.ts';
import { publishRefresh } from '../../company/events.ts';
import { CrmDisconnected, CrmRejected } from '../crm/client.ts';
import { appKeys } from '../keys.ts';
import type { AppRecord } from '../records.ts';
import { getApp } from '../store.ts';
import {
  type HeldTokens,
  rdClientConfig,
  rdRequestTokens,
  type RdTokens,
  type TokenSession,
} from './rdstation-marketing.ts';

/** Renewed this long before the expiry RD Station announced, so a call never starts with a dying token. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** The sealed credentials of an OAuth installation: `token` is the access token (spec point 5's token). */
export function sealTokens(tokens: RdTokens, installationId: string, now: Date): AppRecord['credentials'] {
  return sealCredentials(
    {
      token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_at: new Date(now.getTime() + tokens.expires_in * 1000).toISOString(),
    },
    installationId,
  );
}

function held(app: AppRecord): HeldTokens {
  const opened = openCredentials(app.credentials, app._id);
  return {
    access: opened.token ?? '',
    refresh: opened.refresh_token ?? '',
    expiresAt: Date.parse(opened.expires_at ?? '') || 0,
    rev: app.oauth_rev ?? 0,
  };
}

/**
 * Saves renewed tokens only over the revision they were renewed from; false when another worker won. New
 * tokens (a refresh or a reconnection) also end any pending reconnection.
 */
export async function saveTokens(app: AppRecord, rev: number, credentials: AppRecord['credentials']) {
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: appKeys.item(app.company, app.name),
        UpdateExpression: 'SET credentials = :credentials, oauth_rev = :next REMOVE reconnect_required_at',
        ConditionExpression: '#id = :id AND (oauth_rev = :rev OR attribute_not_exists(oauth_rev))',
        ExpressionAttributeNames: { '#id': '_id' },
        ExpressionAttributeValues: {
          ':credentials': credentials,
          ':next': rev + 1,
          ':rev': rev,
          ':id': app._id,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * The provider refused the refresh token for good (revoked, expired, invalid_grant): the installation is marked
 * for reconnection, over the revision whose token was refused (a newer pair from a reconnection wins), and the
 * company's browsers reload their apps, so admins see the prompt.
 */
export async function markReconnectRequired(app: AppRecord, rev: number, now = new Date()): Promise<boolean> {
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: appKeys.item(app.company, app.name),
        UpdateExpression: 'SET reconnect_required_at = :now',
        ConditionExpression: '#id = :id AND (oauth_rev = :rev OR attribute_not_exists(oauth_rev))',
        ExpressionAttributeNames: { '#id': '_id' },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':rev': rev, ':id': app._id },
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
  logger.warn('oauth app needs reconnection', { app: app._id, name: app.name, companyId: app.company });
  await publishRefresh(app.company, 'install-app');
  return true;
}

export function tokenSession(app: AppRecord, now: () => number = Date.now): TokenSession {
  let tokens = held(app);
  const renew = async (seen: HeldTokens): Promise<HeldTokens> => {
    const stored = await getApp(app.company, app.name);
    if (!stored || stored._id !== app._id)
      throw new CrmRejected('rd station marketing was disconnected', 404);
    if (stored.reconnect_required_at) throw new CrmDisconnected('rd station marketing needs reconnection');
    const latest = held(stored);
    if (latest.rev !== seen.rev) {
      tokens = latest;
      return tokens;
    }
    const client = rdClientConfig();
    if (!client) throw new CrmRejected('rd station marketing client is not configured', 500);
    let renewed: RdTokens;
    try {
      renewed = await rdRequestTokens(client, { refresh_token: seen.refresh });
    } catch (error) {
      // RD Station rolls refresh tokens: a worker that lost the race holds a spent one; the winner's pair is kept.
      const winner = await getApp(app.company, app.name);
      if (error instanceof CrmRejected && winner && (winner.oauth_rev ?? 0) !== seen.rev) {
        tokens = held(winner);
        return tokens;
      }
      // A refusal (400/401: invalid_grant, INVALID_REFRESH_TOKEN) is final; 429 and 5xx were CrmRetryable.
      if (error instanceof CrmRejected) {
        await markReconnectRequired(app, seen.rev, new Date(now()));
        throw new CrmDisconnected(`rd station marketing refused the refresh: ${error.message}`);
      }
      throw error;
    }
    const credentials = sealTokens(renewed, app._id, new Date(now()));
    if (!(await saveTokens(app, seen.rev, credentials))) {
      // Another worker refreshed meanwhile; its pair is the one kept.
      return renew({ ...seen, rev: -1 });
    }
    logger.info('rd station marketing token renewed', { app: app._id, rev: seen.rev + 1 });
    tokens = held({ ...stored, credentials, oauth_rev: seen.rev + 1 });
    return tokens;
  };
  return {
    async current() {
      if (tokens.expiresAt - now() > REFRESH_MARGIN_MS) return tokens;
      return renew(tokens);
    },
    renew,
  };
}
