export interface RedistributedCallEvent {
  callId: string;
  /** The employee id the event carries (who the call was redistributed to). */
  targetEmployeeId: string;
  /** The signed-in employee. */
  currentEmployeeId: string;
  /** Set when the call is no longer pending for the employee (answered, closed or taken). */
  flagged: boolean;
}

/**
 * Spec point 4, redistributed-call tracking, read clause by clause:
 * - add the call id when it is not in the list, the ids match and the event is not flagged;
 * - remove it when it is in the list and the event is flagged, or when the ids differ (the call went elsewhere);
 * - otherwise leave the list as it is.
 * Returns the same array when nothing changes, so state setters can skip a re-render.
 */
export function trackRedistributedCall(
  calls: readonly string[],
  event: RedistributedCallEvent,
): readonly string[] {
  const present = calls.includes(event.callId);
  const idsMatch = event.targetEmployeeId === event.currentEmployeeId;
  if (!present && idsMatch && !event.flagged) return [...calls, event.callId];
  if (present && (event.flagged || !idsMatch)) return calls.filter((id) => id !== event.callId);
  return calls;
}
