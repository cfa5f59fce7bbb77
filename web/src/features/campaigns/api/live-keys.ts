import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { QueryKey } from '@tanstack/react-query';
import { campaignKeys } from './campaigns-api.ts';

export const CAMPAIGN_LIVE_EVENTS: readonly ServerEvent[] = ['campaign-update'];

/** A campaign's status or progress moved: the list, that campaign and its recipients refetch (coalesced). */
export function campaignKeysForFrame(frame: ServerFrame): QueryKey[] {
  if (frame.event !== 'campaign-update') return [];
  const id = (frame as ServerFrame<'campaign-update'>).data.campaign;
  return [campaignKeys.list, campaignKeys.one(id), campaignKeys.recipients(id)];
}
