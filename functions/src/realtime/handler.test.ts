import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { newObjectId } from '@atende/shared/domain/object-id';
import { type WebSocketEvent, handler } from './handler.ts';

const context = {} as Context;

function event(eventType: 'CONNECT' | 'MESSAGE', authorizer: Record<string, unknown> | null, body?: string) {
  return {
    isBase64Encoded: false,
    body,
    requestContext: {
      routeKey: eventType === 'CONNECT' ? '$connect' : '$default',
      messageId: 'm',
      eventType,
      extendedRequestId: 'e',
      requestTime: '21/Nov/2026:22:52:55 +0000',
      messageDirection: 'IN',
      stage: 'test',
      connectedAt: Date.now(),
      requestTimeEpoch: Date.now(),
      requestId: 'r',
      domainName: 'localhost',
      connectionId: 'abcdefghijklmno=',
      apiId: 'local',
      authorizer,
    },
  } satisfies WebSocketEvent;
}

const identity = () => ({
  companyId: newObjectId(),
  employeeId: newObjectId(),
  role: 'operator',
  sessionId: newObjectId(),
  blocked: 'false',
});

describe('realtime handler', () => {
  it('refuses $connect without an authorizer context or for a blocked account', async () => {
    expect(await handler(event('CONNECT', null), context)).toEqual({ statusCode: 401 });
    expect(await handler(event('CONNECT', { ...identity(), blocked: 'true' }), context)).toEqual({
      statusCode: 401,
    });
  });

  it('answers a frame that is not JSON with an error frame of the caller company', async () => {
    const auth = identity();
    const result = await handler(event('MESSAGE', auth, '{oops'), context);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual({
      event: 'error',
      data: { company: auth.companyId, code: 'unknown_action', message: 'Ação desconhecida.' },
    });
  });
});
