import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { QueryKey } from '@tanstack/react-query';
import { templateKeys } from './templates-api.ts';

export const TEMPLATE_LIVE_EVENTS: readonly ServerEvent[] = ['template-status'];

/** Meta moved a template's status: that integration's list refetches (coalesced). */
export function templateKeysForFrame(frame: ServerFrame): QueryKey[] {
  if (frame.event !== 'template-status') return [];
  return [templateKeys.list((frame as ServerFrame<'template-status'>).data.integration)];
}
