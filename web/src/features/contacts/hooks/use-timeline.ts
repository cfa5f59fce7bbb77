import { useQuery } from '@tanstack/react-query';
import { fetchTimeline } from '../api/contacts-api.ts';
import { contactKeys } from '../api/query-keys.ts';
import { inTimeOrder } from '../forms/timeline.ts';

export function useTimeline(customerId: string | undefined) {
  return useQuery({
    queryKey: contactKeys.timeline(customerId ?? ''),
    queryFn: () => fetchTimeline(customerId ?? ''),
    enabled: customerId !== undefined,
    select: (answer) => inTimeOrder(answer.entries),
  });
}
