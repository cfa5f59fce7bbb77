import type { SavedReportBody } from '@atende/shared/contracts/analytics/saved-reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedReportKeys, savedReportsApi } from '../api/saved-reports-api.ts';

export const useSavedReports = () =>
  useQuery({ queryKey: savedReportKeys.all, queryFn: savedReportsApi.list, retry: false });

/** Create (no id) or update a report, then refetch the list. */
export function useSaveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SavedReportBody }) =>
      id ? savedReportsApi.update(id, body) : savedReportsApi.create(body),
    onSuccess: () => client.invalidateQueries({ queryKey: savedReportKeys.all }),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savedReportsApi.remove,
    onSuccess: () => client.invalidateQueries({ queryKey: savedReportKeys.all }),
  });
}

/** Swaps a report with its neighbour on the dashboard; the answer is the new list, shown at once. */
export function useMoveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: string; direction: 'up' | 'down' }) =>
      savedReportsApi.move(id, direction),
    onSuccess: (answer) => client.setQueryData(savedReportKeys.all, answer),
  });
}
