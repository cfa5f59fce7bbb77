import { atom } from 'jotai';

/** The employee's presence as the socket's checkStatus reply gives it. */
export const employeeStatusAtom = atom<'online' | 'offline' | undefined>(undefined);

/** True from the fourth failed reconnect attempt until the socket is back (spec point 4). */
export const connectionLostAtom = atom(false);
