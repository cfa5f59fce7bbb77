import type { TmailBox } from '@atende/shared/contracts/tmail/views';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tmailApi, tmailKeys } from '../api/tmail-api.ts';

export function useTmailBox(box: TmailBox) {
  return useInfiniteQuery({
    queryKey: tmailKeys.box(box),
    queryFn: ({ pageParam }) => tmailApi.list(box, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useTmail(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: tmailKeys.mail(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => {
      const mail = await tmailApi.get(id ?? '');
      // Opening marks it read: the inbox line and the badge follow.
      void queryClient.invalidateQueries({ queryKey: tmailKeys.unread });
      void queryClient.invalidateQueries({ queryKey: tmailKeys.box('inbox') });
      return mail;
    },
  });
}

export function useUpdateTmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; archived?: boolean; read?: boolean }) =>
      tmailApi.update(input.id, { archived: input.archived, read: input.read }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tmailKeys.all }),
  });
}

export function useUnreadTmails() {
  return useQuery({
    queryKey: tmailKeys.unread,
    queryFn: tmailApi.unread,
    select: (answer) => answer.unread,
  });
}
