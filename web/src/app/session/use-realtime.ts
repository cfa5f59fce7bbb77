import { LIMITS } from '@atende/shared/domain/constants';
import { companyRoom, employeeRoom } from '@atende/shared/realtime/rooms';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { listMissedFrames } from '@atende/shared/contracts/realtime/list-missed-frames';
import { runtimeConfig } from '../../config/runtime-config.ts';
import { callRoute } from '../../lib/api/call-route.ts';
import { readAccessToken } from '../../lib/api/tokens.ts';
import type { MountedEmployee } from '../../lib/session/account-api.ts';
import { logout } from '../../lib/session/logout.ts';
import { connectionLostAtom, employeeStatusAtom } from '../../lib/session/realtime-state.ts';
import { applyRedistributedCallAtom } from '../../lib/session/redistributed-calls.ts';
import { sessionIdOf } from '../../lib/session/session-store.ts';
import { SESSION_QUERY_KEYS } from '../../lib/session/use-session.ts';
import { setActiveSocket, shellFrames } from '../../lib/socket/active-socket.ts';
import { reportCritical } from '../../lib/socket/report.ts';
import { createSocketClient } from '../../lib/socket/socket-client.ts';

/** Socket events arrive in bursts; one refetch per burst. */
const REFRESH_COALESCE_MS = 300;
const ROOM_SEPARATOR = '\n';

/**
 * Opens the shell's socket once the employee is known and closes it when the shell unmounts. The socket
 * lives as long as the employee, company and rooms stay the same: a refetch of the mount (every
 * refresh-session) gives a new rooms array with the same rooms, which must not reopen the socket, or the
 * frames sent while the new one joins are lost.
 */

export function useRealtime(employee: MountedEmployee | undefined): void {
  const setStatus = useSetAtom(employeeStatusAtom);
  const setLost = useSetAtom(connectionLostAtom);
  const applyRedistributed = useSetAtom(applyRedistributedCallAtom);
  const queryClient = useQueryClient();
  const employeeId = employee?._id;
  const companyId = employee?.company._id;
  const roomsKey = employee?.rooms?.join(ROOM_SEPARATOR) ?? '';

  useEffect(() => {
    if (!employeeId || !companyId) return;
    const client = createSocketClient({
      wsUrl: runtimeConfig().wsUrl,
      accessToken: () => readAccessToken(),
      employeeId,
      companyId,
      sessionId: sessionIdOf(readAccessToken()),
      rooms: roomsKey
        ? roomsKey.split(ROOM_SEPARATOR)
        : [companyRoom(companyId), employeeRoom(companyId, employeeId)],
      frames: shellFrames,
      // Frames missed while the socket was down are replayed; when they cannot be, read again what it shows.
      replay: (after) =>
        callRoute(listMissedFrames, { query: { after: after === undefined ? undefined : String(after) } }),
      onReconnected: () => void queryClient.invalidateQueries(),
      onStatus: setStatus,
      onConnectionLost: () => {
        setLost(true);
        reportCritical('socket disconnected', {
          employeeId,
          companyId,
          attempt: LIMITS.reconnectAlertAttempt,
        });
      },
      onConnectionBack: () => setLost(false),
      onSignedOutElsewhere: () => void logout(),
      onForeignCompanyFrame: (frame) =>
        reportCritical('socket frame for another company', {
          event: frame.event,
          frameCompany: frame.data.company,
          companyId,
          employeeId,
        }),
      onSocketError: (attempt) => reportCritical('socket error', { employeeId, companyId, attempt }),
    });
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    const stopRefresh = client.on('refresh-session', () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEYS.mount(employeeId) }),
        REFRESH_COALESCE_MS,
      );
    });
    const stopRedistributed = client.on('redistributed-call', (frame) =>
      applyRedistributed({ ...frame.data, currentEmployeeId: employeeId }),
    );
    setActiveSocket(client);
    client.connect();
    return () => {
      clearTimeout(refreshTimer);
      stopRefresh();
      stopRedistributed();
      client.disconnect();
      setActiveSocket(undefined);
    };
  }, [employeeId, companyId, roomsKey, setStatus, setLost, applyRedistributed, queryClient]);
}
