import type { ServerEvent, ServerEventData, ServerEventPayload, ServerFrame } from './server-events.ts';

// Apart from server-events.ts: building a frame needs only its types, so a Lambda that publishes does not
// bundle the schemas of every event (the browser's check of received frames reads those).
export function serverFrame<E extends ServerEvent>(
  event: E,
  companyId: string,
  payload: ServerEventPayload<E>,
): ServerFrame<E> {
  return { event, data: { ...payload, company: companyId } as ServerEventData<E> };
}
