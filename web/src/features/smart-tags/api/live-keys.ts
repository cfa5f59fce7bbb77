import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { QueryKey } from '@tanstack/react-query';
import { smartTagKeys } from './smart-tags-api.ts';

export const SMART_TAG_LIVE_EVENTS: readonly ServerEvent[] = ['smart-tag-update'];

/**
 * A smart tag's members or run changed on the server: the list (counts, status), that smart tag and its
 * members refetch. Any action touches all three, since a run's progress also moves members.
 */
export function smartTagKeysForFrame(frame: ServerFrame): QueryKey[] {
  if (frame.event !== 'smart-tag-update') return [];
  const id = (frame as ServerFrame<'smart-tag-update'>).data.smart_tag;
  return [smartTagKeys.list, smartTagKeys.one(id), smartTagKeys.members(id)];
}
