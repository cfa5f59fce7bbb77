import type { RoleName } from '@atende/shared/contracts/types';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { TooManyRequests, Unauthorized } from './errors.ts';
import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import { developersPtBR } from '@atende/shared/i18n/pt-BR';

/** What the Lambda authorizer verified about the caller; the only source of the company id. */
export interface AuthContext {
  companyId: string;
  employeeId: string;
  role: RoleName;
  sessionId: string;
  /** The employee is inactive or the company disabled: every authenticated call answers 401. */
  blocked?: boolean;
  /** Set when an integrator's API key made the call (employeeId is then the key's id). */
  apiKey?: { id: string; name: string };
  /** The API key is over its rate: seconds until it may call again (the call answers 429). */
  retryAfterSeconds?: number;
}

const ROLES: readonly RoleName[] = ['admin', 'manager', 'operator'];

/** Reads the authorizer context API Gateway attached to the event (all values arrive as strings). */
export function readAuthContext(
  event: Pick<APIGatewayProxyEvent, 'requestContext'>,
): AuthContext | undefined {
  const context = event.requestContext?.authorizer as Record<string, unknown> | null | undefined;
  if (!context) return undefined;
  const { companyId, employeeId, role, sessionId, blocked, apiKeyId, apiKeyName, retryAfter } = context;
  if (
    typeof companyId !== 'string' ||
    typeof employeeId !== 'string' ||
    typeof sessionId !== 'string' ||
    typeof role !== 'string' ||
    !ROLES.includes(role as RoleName)
  ) {
    return undefined;
  }
  const apiKey =
    typeof apiKeyId === 'string' && typeof apiKeyName === 'string'
      ? { id: apiKeyId, name: apiKeyName }
      : undefined;
  return {
    companyId,
    employeeId,
    role: role as RoleName,
    sessionId,
    blocked: blocked === 'true',
    ...(apiKey ? { apiKey } : {}),
    ...(typeof retryAfter === 'string' && Number(retryAfter) > 0
      ? { retryAfterSeconds: Number(retryAfter) }
      : {}),
  };
}

export function requireAuthContext(event: Pick<APIGatewayProxyEvent, 'requestContext'>): AuthContext {
  const auth = readAuthContext(event);
  if (!auth) throw new Unauthorized();
  if (auth.blocked) throw new Unauthorized(AUTH_MESSAGES.accountBlocked);
  if (auth.retryAfterSeconds) throw new TooManyRequests(developersPtBR.api.throttled, auth.retryAfterSeconds);
  return auth;
}
