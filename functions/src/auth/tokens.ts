import type { RoleName } from '@atende/shared/contracts/types';
import { jwtVerify, SignJWT } from 'jose';

/** Claims of an access token: who the employee is and which company and session it belongs to. */
export interface AccessClaims {
  employeeId: string;
  companyId: string;
  role: RoleName;
  sessionId: string;
}

const ISSUER = 'atende';
const AUDIENCE = 'atende-api';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const encoder = new TextEncoder();

export async function signAccessToken(
  claims: AccessClaims,
  secret: string,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ cid: claims.companyId, role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.employeeId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(encoder.encode(secret));
}

/** Verifies signature, issuer, audience and expiry; returns undefined for any token that fails. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const { sub, cid, role, sid } = payload;
    if (typeof sub !== 'string' || typeof cid !== 'string' || typeof sid !== 'string') return undefined;
    if (role !== 'admin' && role !== 'manager' && role !== 'operator') return undefined;
    return { employeeId: sub, companyId: cid, role, sessionId: sid };
  } catch {
    return undefined;
  }
}

/**
 * Claims of a site-widget visitor token: a different audience and role from employee tokens, so neither
 * verifier accepts the other's tokens. It is scoped to one company, one widget and one visitor.
 */
export interface VisitorClaims {
  visitorId: string;
  companyId: string;
  widgetId: string;
  sessionId: string;
}

const VISITOR_AUDIENCE = 'atende-widget';
/** Long enough that a returning visitor keeps their conversation; the widget starts over after it. */
export const VISITOR_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export async function signVisitorToken(
  claims: VisitorClaims,
  secret: string,
  ttlSeconds = VISITOR_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ cid: claims.companyId, wid: claims.widgetId, role: 'visitor', sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.visitorId)
    .setIssuer(ISSUER)
    .setAudience(VISITOR_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(encoder.encode(secret));
}

export async function verifyVisitorToken(token: string, secret: string): Promise<VisitorClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      issuer: ISSUER,
      audience: VISITOR_AUDIENCE,
      algorithms: ['HS256'],
    });
    const { sub, cid, wid, role, sid } = payload;
    if (role !== 'visitor') return undefined;
    if (
      typeof sub !== 'string' ||
      typeof cid !== 'string' ||
      typeof wid !== 'string' ||
      typeof sid !== 'string'
    ) {
      return undefined;
    }
    return { visitorId: sub, companyId: cid, widgetId: wid, sessionId: sid };
  } catch {
    return undefined;
  }
}
