import { LIMITS } from '@atende/shared/domain/constants';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CreateEmployeeInput, UpdateEmployeeInput } from '../api/employees-api.ts';
import {
  fetchDepartmentTree,
  fetchEmployeesPage,
  patchEmployee,
  postEmployee,
} from '../api/employees-api.ts';
import { EMPLOYEE_LIVE_EVENTS, employeeKeys, employeeKeysForFrame } from '../api/query-keys.ts';
import { departmentOptions } from '../forms/employee-form.ts';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';

/** The search text as typed, and the one sent to the API 500 ms after the last keystroke. */
export function useDebouncedSearch() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, search };
}

/** Cursor pages of the employee list; `page` is the index shown, later pages are fetched on demand. */
export function useEmployeePages(search: string) {
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [search]);
  useLiveInvalidation(EMPLOYEE_LIVE_EVENTS, employeeKeysForFrame);
  const query = useInfiniteQuery({
    queryKey: employeeKeys.list(search),
    queryFn: ({ pageParam }) => fetchEmployeesPage(search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages ?? [];
  const shown = pages[Math.min(page, Math.max(pages.length - 1, 0))];
  const goNext = async () => {
    if (page + 1 >= pages.length) await query.fetchNextPage();
    setPage((current) => current + 1);
  };
  return {
    query,
    page,
    items: shown?.items ?? [],
    hasNext: page + 1 < pages.length || query.hasNextPage,
    goNext,
    goPrevious: () => setPage((current) => Math.max(0, current - 1)),
  };
}

export function useDepartmentOptions() {
  return useQuery({
    queryKey: employeeKeys.departmentOptions,
    queryFn: fetchDepartmentTree,
    select: (answer) => departmentOptions(answer.departments),
  });
}

export function useSaveEmployee() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  const create = useMutation({
    mutationFn: (body: CreateEmployeeInput) => postEmployee(body),
    onSuccess: done,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEmployeeInput }) => patchEmployee(id, body),
    onSuccess: done,
  });
  return { create, update };
}
