import { clientFrame, isClientAction } from '@atende/shared/realtime/client-actions';
import { companyRoom, employeeRoom, parseRoom } from '@atende/shared/realtime/rooms';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { serverFrame } from '@atende/shared/realtime/server-frame';
import { sessionRevoked } from '../auth/session-store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { publishToConnections, publishToRoom } from './publish.ts';
import { keepStream, releaseStream } from './sequence.ts';
import {
  getConnection,
  joinRooms,
  leaveRooms,
  listEmployeeConnections,
  putConnection,
  removeConnection,
} from './store.ts';

/** A WebSocket connection as the handler sees it: who opened it (from the authorizer) and its id. */
export interface Caller {
  auth: AuthContext;
  connectionId: string;
}

const errorFrame = (caller: Caller, code: string, message: string, action?: string): ServerFrame<'error'> =>
  serverFrame('error', caller.auth.companyId, { code, message, ...(action ? { action } : {}) });

/**
 * Stores the connection and puts it in its company's and its own employee's rooms. A session revoked while
 * this $connect was in flight (after the authorizer, before the rows existed) would escape the revocation's
 * sweep of its sockets, so it is checked again once the rows are written: false, and nothing stays stored.
 */
export async function connect(caller: Caller, connectedAt: number): Promise<boolean> {
  const { auth, connectionId } = caller;
  const { companyId, employeeId, role, sessionId } = auth;
  const connection = { companyId, employeeId, role, sessionId, connectionId, connectedAt };
  await putConnection(connection);
  await joinRooms(connection, [companyRoom(auth.companyId), employeeRoom(auth.companyId, auth.employeeId)]);
  await keepStream(companyId, employeeId);
  if (!(await sessionRevoked(auth))) return true;
  await removeConnection(companyId, connectionId);
  return false;
}

/** The employee's last socket closing starts the replay window (see sequence.ts); others keep it open. */
export async function disconnect(caller: Caller): Promise<void> {
  const { companyId, employeeId } = caller.auth;
  await removeConnection(companyId, caller.connectionId);
  if ((await listEmployeeConnections(companyId, employeeId)).length === 0) {
    await releaseStream(companyId, employeeId);
  }
}

/**
 * Whether the caller may be in a room: only rooms of its own company, of the employee rooms only its own, and
 * never a visitor's room.
 * The company id inside the room name is compared with the token's, never trusted on its own.
 */
function mayJoin(auth: AuthContext, room: string): boolean {
  const parsed = parseRoom(room);
  if (!parsed || parsed.companyId !== auth.companyId) return false;
  // A visitor's room carries the operator's answers to that visitor only; employees read them in the inbox.
  if (parsed.kind === 'visitor') return false;
  return parsed.kind !== 'employee' || parsed.id === auth.employeeId;
}

async function employeeStatus(auth: AuthContext, employeeId: string): Promise<'online' | 'offline'> {
  if (employeeId === auth.employeeId) return 'online';
  const connections = await listEmployeeConnections(auth.companyId, employeeId);
  return connections.length > 0 ? 'online' : 'offline';
}

/**
 * Runs one client frame. The answer, if any, goes back to the caller only; a refused frame answers with an
 * error frame and changes nothing.
 */
export async function handleMessage(caller: Caller, body: unknown): Promise<ServerFrame | undefined> {
  const { auth, connectionId } = caller;
  const action = body && typeof body === 'object' ? (body as { action?: unknown }).action : undefined;
  if (!isClientAction(action)) return errorFrame(caller, 'unknown_action', 'Ação desconhecida.');
  const parsed = clientFrame.safeParse(body);
  if (!parsed.success) return errorFrame(caller, 'invalid_frame', 'Mensagem inválida.', action);
  const frame = parsed.data;

  switch (frame.action) {
    case 'joinRoom': {
      if (frame.employee !== auth.employeeId || !frame.rooms.every((room) => mayJoin(auth, room))) {
        return errorFrame(caller, 'room_forbidden', 'Sala não permitida.', frame.action);
      }
      const connection = await getConnection(auth.companyId, connectionId);
      if (!connection)
        return errorFrame(caller, 'connection_unknown', 'Conexão não encontrada.', frame.action);
      await joinRooms(connection, [...new Set(frame.rooms)]);
      return undefined;
    }
    case 'leaveRoom': {
      if (frame.employee !== auth.employeeId || !frame.rooms.every((room) => mayJoin(auth, room))) {
        return errorFrame(caller, 'room_forbidden', 'Sala não permitida.', frame.action);
      }
      await leaveRooms(auth.companyId, connectionId, [...new Set(frame.rooms)]);
      return undefined;
    }
    case 'checkStatus':
      return serverFrame('checkStatus', auth.companyId, {
        status: await employeeStatus(auth, frame.employee),
      });
    case 'close-others-sessions': {
      const others = (await listEmployeeConnections(auth.companyId, auth.employeeId)).filter(
        (connection) => connection.sessionId !== auth.sessionId,
      );
      await publishToConnections(
        auth.companyId,
        others.map((connection) => connection.connectionId),
        'close-others-sessions',
        { employee: auth.employeeId, sessionId: auth.sessionId },
      );
      return undefined;
    }
    case 'broadcast-employee-connected':
      await publishToRoom(auth.companyId, companyRoom(auth.companyId), 'broadcast-employee-connection', {
        employee: auth.employeeId,
        status: 'online',
      });
      return undefined;
  }
}
