import type {
  APIGatewayEventWebsocketRequestContextV2,
  APIGatewayProxyEvent,
  APIGatewayProxyWebsocketEventV2WithRequestContext,
  Context,
} from 'aws-lambda';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { serverFrame } from '@atende/shared/realtime/server-frame';
import { readAuthContext } from '../lib/auth-context.ts';
import { logger } from '../lib/logger.ts';
import { type Caller, connect, disconnect, handleMessage } from './service.ts';
import { connectVisitor, disconnectVisitor, visitorFrameRefused } from './visitor.ts';
import { readVisitorContext, type VisitorContext } from './visitor-context.ts';

/** The WebSocket event with the REQUEST authorizer's context, which API Gateway repeats on every route. */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2WithRequestContext<
  APIGatewayEventWebsocketRequestContextV2 & { authorizer?: Record<string, unknown> | null }
>;

export interface WebSocketResult {
  statusCode: number;
  body?: string;
}

const reply = (frame: ServerFrame | undefined): WebSocketResult =>
  frame ? { statusCode: 200, body: JSON.stringify(frame) } : { statusCode: 200 };

function parseBody(event: WebSocketEvent): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function visitorHandler(visitor: VisitorContext, event: WebSocketEvent): Promise<WebSocketResult> {
  const { connectionId, eventType, connectedAt, routeKey } = event.requestContext;
  try {
    if (eventType === 'CONNECT') {
      await connectVisitor(visitor, connectionId, connectedAt);
      return { statusCode: 200 };
    }
    if (eventType === 'DISCONNECT') {
      await disconnectVisitor(visitor, connectionId);
      return { statusCode: 200 };
    }
    return reply(visitorFrameRefused(visitor));
  } catch (error) {
    logger.error('visitor websocket route failed', {
      routeKey,
      connectionId,
      error: error instanceof Error ? { name: error.name, message: error.message } : error,
    });
    return { statusCode: 500 };
  }
}

/**
 * The one Lambda behind every WebSocket route. Replies travel as the route response (two-way routes, see
 * WEBSOCKET_API.twoWayRouteKeys); pushes to other connections go through the management API.
 */
export async function handler(event: WebSocketEvent, _context: Context): Promise<WebSocketResult> {
  const { connectionId, eventType, routeKey, connectedAt } = event.requestContext;
  // readAuthContext reads only requestContext.authorizer, which has the same shape on REST and WebSocket events.
  const auth = readAuthContext(event as unknown as Pick<APIGatewayProxyEvent, 'requestContext'>);
  const visitor = auth ? undefined : readVisitorContext(event);
  if (visitor) return visitorHandler(visitor, event);
  if (!auth || auth.blocked) {
    // A blocked account (inactive employee, disabled company) gets no realtime at all, like a missing token.
    logger.warn('websocket event refused', { routeKey, connectionId, blocked: auth?.blocked ?? false });
    return { statusCode: 401 };
  }
  const caller: Caller = { auth, connectionId };
  try {
    if (eventType === 'CONNECT') {
      return { statusCode: (await connect(caller, connectedAt)) ? 200 : 401 };
    }
    if (eventType === 'DISCONNECT') {
      await disconnect(caller);
      return { statusCode: 200 };
    }
    return reply(await handleMessage(caller, parseBody(event)));
  } catch (error) {
    logger.error('websocket route failed', {
      routeKey,
      connectionId,
      error:
        error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
    });
    if (eventType !== 'MESSAGE') return { statusCode: 500 };
    return reply(
      serverFrame('error', auth.companyId, {
        code: 'internal',
        message: 'Erro interno. Tente novamente mais tarde.',
      }),
    );
  }
}
