import { listNews, markNewsRead } from '@atende/shared/contracts/news/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api/call-route.ts';

const newsKey = ['news'] as const;

export const useNews = () =>
  useQuery({ queryKey: newsKey, queryFn: () => callRoute(listNews), select: (answer) => answer.items });

export function useMarkNewsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => callRoute(markNewsRead, { body: { ids } }),
    onSuccess: (answer) => queryClient.setQueryData(newsKey, answer),
  });
}
