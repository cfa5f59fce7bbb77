import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { OAuthApp } from '@atende/shared/contracts/apps/oauth';
import { appsPtBR } from '@atende/shared/i18n/pt-BR';
import { jwtVerify, SignJWT } from 'jose';
import { signingSecret } from '../../auth/secrets.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { Invalid } from '../../lib/errors.ts';
import { appKeys } from '../keys.ts';

/**
 * The OAuth `state`: a JWT signed with the API's secret under an audience of its own (an access token is never
 * a state, nor the reverse), naming the company, the employee who started, the app and a nonce. It expires in
 * ten minutes and is accepted once: the nonce is claimed with a conditional write (kept past the expiry).
 */
const ISSUER = 'atende';
const AUDIENCE = 'atende-oauth-state';
export const STATE_TTL_SECONDS = 10 * 60;

const encoder = new TextEncoder();

export interface OAuthStarter {
  companyId: string;
  employeeId: string;
}

export async function signState(app: OAuthApp, starter: OAuthStarter, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ cid: starter.companyId, app, nonce: randomBytes(16).toString('base64url') })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(starter.employeeId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + STATE_TTL_SECONDS)
    .sign(encoder.encode(await signingSecret()));
}

const refused = () => new Invalid('state', appsPtBR.oauth.invalidState);

/**
 * Accepts the state only for the company and employee now calling, the app named in the path, before its
 * expiry and the first time; anything else is a 400 naming `state` (the same answer for each failure).
 */
export async function consumeState(
  state: string,
  app: OAuthApp,
  caller: OAuthStarter,
  now = new Date(),
): Promise<void> {
  let claims: { cid?: unknown; app?: unknown; nonce?: unknown; sub?: string | undefined; exp?: number };
  try {
    ({ payload: claims } = await jwtVerify(state, encoder.encode(await signingSecret()), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    }));
  } catch {
    throw refused();
  }
  if (
    claims.cid !== caller.companyId ||
    claims.sub !== caller.employeeId ||
    claims.app !== app ||
    typeof claims.nonce !== 'string'
  ) {
    throw refused();
  }
  try {
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: {
          ...appKeys.oauthState(caller.companyId, claims.nonce),
          entity: 'app_oauth_state',
          used_at: now.toISOString(),
          // DynamoDB's TTL sweeps the claim once the state could no longer verify anyway.
          expiresAt: (claims.exp ?? 0) + 60,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw refused();
    throw error;
  }
}
