import * as z from 'zod';
import { objectId } from '../domain/object-id.ts';

/**
 * Frames the browser sends over the WebSocket: JSON `{action, ...payload}`. API Gateway picks the route from
 * `action` (route selection `$request.body.action`), so every action name here is also a route key.
 */
export const CLIENT_ACTIONS = [
  'joinRoom',
  'leaveRoom',
  'checkStatus',
  'close-others-sessions',
  'broadcast-employee-connected',
] as const;

export type ClientAction = (typeof CLIENT_ACTIONS)[number];

const roomList = z.array(z.string().min(1).max(200)).min(1).max(40);

export const joinRoomFrame = z.object({ action: z.literal('joinRoom'), rooms: roomList, employee: objectId });
export const leaveRoomFrame = z.object({
  action: z.literal('leaveRoom'),
  rooms: roomList,
  employee: objectId,
});
export const checkStatusFrame = z.object({ action: z.literal('checkStatus'), employee: objectId });
export const closeOthersSessionsFrame = z.object({ action: z.literal('close-others-sessions') });
export const broadcastEmployeeConnectedFrame = z.object({
  action: z.literal('broadcast-employee-connected'),
});

export const clientFrame = z.discriminatedUnion('action', [
  joinRoomFrame,
  leaveRoomFrame,
  checkStatusFrame,
  closeOthersSessionsFrame,
  broadcastEmployeeConnectedFrame,
]);

export type ClientFrame = z.infer<typeof clientFrame>;

export const isClientAction = (value: unknown): value is ClientAction =>
  typeof value === 'string' && (CLIENT_ACTIONS as readonly string[]).includes(value);
