import { trackRedistributedCall } from '@atende/shared/rules/redistributed-calls';
import { atom } from 'jotai';

/** Spec point 4: ids of the calls redistributed to the signed-in employee and still pending for them. */
const callsAtom = atom<readonly string[]>([]);

export const redistributedCallsAtom = atom((get) => get(callsAtom));

/** Applies one `redistributed-call` frame with the spec's add/remove rule. */
export const applyRedistributedCallAtom = atom(
  null,
  (get, set, event: { callId: string; employee: string; flagged: boolean; currentEmployeeId: string }) => {
    const next = trackRedistributedCall(get(callsAtom), {
      callId: event.callId,
      targetEmployeeId: event.employee,
      currentEmployeeId: event.currentEmployeeId,
      flagged: event.flagged,
    });
    if (next !== get(callsAtom)) set(callsAtom, next);
  },
);
