import { handlerRef } from '../infra/handlers.ts';
import { CLIENT_ACTIONS } from '../realtime/client-actions.ts';

/**
 * The WebSocket API, written once: infra/ builds the API Gateway WebSocket API from it and the local gateway
 * routes with it. One Lambda serves every route; the REQUEST authorizer runs on $connect only and its context
 * reaches every later event of the connection.
 */
export const WEBSOCKET_API = {
  path: '/ws',
  routeSelectionExpression: '$request.body.action',
  routeKeys: ['$connect', '$disconnect', '$default', ...CLIENT_ACTIONS],
  /**
   * Routes whose Lambda result body goes back to the calling socket (two-way routes: a `$default` route
   * response in API Gateway). The realtime handler answers checkStatus and error frames this way.
   */
  twoWayRouteKeys: ['$default', ...CLIENT_ACTIONS],
  routeResponseSelectionExpression: '$default',
  /** The browser cannot set headers on a WebSocket, so the access token travels as ?token=. */
  identitySource: ['route.request.querystring.token'],
  handler: handlerRef('realtime/handler'),
  authorizer: handlerRef('auth/authorizer'),
  /** API Gateway's own limits, kept by the local gateway too. */
  maxMessageBytes: 128 * 1024,
  maxConnectionSeconds: 2 * 60 * 60,
} as const;

export type WebSocketRouteKey = (typeof WEBSOCKET_API.routeKeys)[number];
