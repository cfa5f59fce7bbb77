import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { isPublicApiRoute, requiredScope, scopesAllow } from '@atende/shared/contracts/api-keys/public-api';
import { ROUTES } from '@atende/shared/contracts/manifest';
import { matchRoute } from '@atende/shared/contracts/match';
import type { RouteContract } from '@atende/shared/contracts/types';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { getCompany } from '../account/store.ts';
import { auditItem } from '../audit/store.ts';
import { clients } from '../lib/clients.ts';
import { logger } from '../lib/logger.ts';
import { getApiKeyRecord, touchApiKey } from './store.ts';
import { takeApiKeyToken } from './throttle.ts';
import { gatewayThrottles } from './gateway-target.ts';
import { hashMatches, parseApiKey } from './token.ts';

/** The `x-api-key` header (API Gateway's own name for it), whatever its case. */
export function apiKeyHeader(event: Pick<APIGatewayRequestAuthorizerEvent, 'headers'>): string | undefined {
  const headers = event.headers ?? {};
  const found = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-api-key')?.[1];
  return found ?? undefined;
}

/** The route a method ARN names: `arn:…:<api>/<stage>/<METHOD>/<path>` (a resource path or a concrete one). */
export function routeOfMethodArn(methodArn: string): RouteContract | undefined {
  const [, , method, ...path] = methodArn.split('/');
  if (!method) return undefined;
  const match = matchRoute(ROUTES, method, `/${path.join('/')}`);
  return match && 'route' in match ? match.route : undefined;
}

async function auditCall(
  companyId: string,
  key: { _id: string; name: string },
  route: RouteContract | undefined,
  allowed: boolean,
) {
  const entry = auditItem(
    companyId,
    { _id: key._id, name: `Chave de API: ${key.name}` },
    {
      entity: 'api_key',
      entityId: key._id,
      action: 'api_call',
      before: null,
      after: { route: route ? `${route.method} ${route.path}` : 'desconhecida', allowed },
    },
  );
  if (entry.Put) await clients().document.send(new PutCommand(entry.Put));
}

/**
 * An integrator's call: the key must exist (a revoked key is deleted, so revocation is immediate), match its
 * stored hash, be unexpired, belong to an active company, and carry a scope for the route, which must be part
 * of the public API. Every call that names a valid key is audited with the key's name, allowed or not. The
 * policy allows this one method ARN only. Throwing "Unauthorized" is API Gateway's 401.
 */
export async function authorizeApiKey(
  event: APIGatewayRequestAuthorizerEvent,
  key: string,
): Promise<APIGatewayAuthorizerResult> {
  const parsed = parseApiKey(key);
  if (!parsed) throw new Error('Unauthorized');
  const record = await getApiKeyRecord(parsed.companyId, parsed.keyId);
  if (!record || !hashMatches(key, record.key_hash)) throw new Error('Unauthorized');
  const now = new Date();
  if (record.expires_at && Date.parse(record.expires_at) <= now.getTime()) throw new Error('Unauthorized');
  const company = await getCompany(parsed.companyId);
  if (!company) throw new Error('Unauthorized');

  const route = routeOfMethodArn(event.methodArn);
  const allowed = route !== undefined && isPublicApiRoute(route) && scopesAllow(record.scopes, route);
  const [retryAfter] = await Promise.all([
    // On AWS the key's usage plan throttles before the authorizer runs; locally the bucket stands in for it.
    allowed && !gatewayThrottles() ? takeApiKeyToken(parsed.companyId, record._id) : Promise.resolve(0),
    auditCall(parsed.companyId, { _id: record._id, name: record.name }, route, allowed),
    touchApiKey(parsed.companyId, record._id, now.toISOString()),
  ]);
  if (!allowed) {
    logger.info('api key refused for a route outside its scopes', {
      key: record._id,
      route: route?.id,
      needs: route ? requiredScope(route) : undefined,
    });
  }
  return {
    principalId: `api-key:${record._id}`,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [
        { Action: 'execute-api:Invoke', Effect: allowed ? 'Allow' : 'Deny', Resource: event.methodArn },
      ],
    },
    context: {
      companyId: parsed.companyId,
      // Keys act with an admin's reach inside their scopes; the key's id stands where an employee's would.
      employeeId: record._id,
      role: 'admin',
      sessionId: `api-key:${record._id}`,
      blocked: company.account_disabled === true ? 'true' : 'false',
      apiKeyId: record._id,
      apiKeyName: record.name,
      // Over the key's rate: the handler answers 429 with this Retry-After (same on AWS and the local gateway).
      ...(retryAfter > 0 ? { retryAfter: String(retryAfter) } : {}),
    },
  };
}
