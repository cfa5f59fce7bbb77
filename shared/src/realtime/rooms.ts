/**
 * Room names, always scoped by company so a room of one tenant can never be named from another:
 * `company:{cid}`, `employee:{cid}:{eid}`, `department:{cid}:{did}`, and a site-widget visitor's own room
 * `visitor:{cid}:{visitorId}`.
 */
export type RoomKind = 'company' | 'employee' | 'department' | 'visitor';

export interface ParsedRoom {
  kind: RoomKind;
  companyId: string;
  /** The employee, department or visitor id; absent for a company room. */
  id?: string;
}

const ID = '[0-9a-f]{24}';
const COMPANY_ROOM = new RegExp(`^company:(${ID})$`);
const SCOPED_ROOM = new RegExp(`^(employee|department|visitor):(${ID}):(${ID})$`);

export const companyRoom = (companyId: string): string => `company:${companyId}`;

export const employeeRoom = (companyId: string, employeeId: string): string =>
  `employee:${companyId}:${employeeId}`;

export const departmentRoom = (companyId: string, departmentId: string): string =>
  `department:${companyId}:${departmentId}`;

export const visitorRoom = (companyId: string, visitorId: string): string =>
  `visitor:${companyId}:${visitorId}`;

/** Reads a room name; anything that is not one of the four shapes with 24-hex ids is undefined. */
export function parseRoom(room: string): ParsedRoom | undefined {
  const company = COMPANY_ROOM.exec(room);
  if (company) return { kind: 'company', companyId: company[1] as string };
  const scoped = SCOPED_ROOM.exec(room);
  if (!scoped) return undefined;
  return { kind: scoped[1] as RoomKind, companyId: scoped[2] as string, id: scoped[3] as string };
}
