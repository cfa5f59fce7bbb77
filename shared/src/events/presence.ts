import * as z from 'zod';
import { defineEvent } from './envelope.ts';

/** The status an employee picks: working ("Online") or on a break ("Pausa"). Offline is having no socket. */
export const CHOSEN_STATUSES = ['online', 'away'] as const;
export const chosenStatus = z.enum(CHOSEN_STATUSES);

/** When it happened is the event's `occurred_at` (a disconnect's time is the removal's, not in the item). */
const socket = z.object({ employee: z.string().min(1), connection: z.string().min(1) });

/** A WebSocket connection of the employee opened ($connect stored it) or went away ($disconnect or expiry). */
export const employeeConnected = defineEvent('employee.connected', socket);
export const employeeDisconnected = defineEvent('employee.disconnected', socket);
export const employeeStatusChanged = defineEvent(
  'employee.status_changed',
  z.object({ employee: z.string().min(1), status: chosenStatus, at: z.string() }),
);

export const PRESENCE_EVENTS = [employeeConnected, employeeDisconnected, employeeStatusChanged] as const;
