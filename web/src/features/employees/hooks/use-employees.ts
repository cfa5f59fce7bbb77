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
  fetchEmailCheck,
  fetchEmployeesPage,
  patchEmployee,
  postEmployee,
} from '../api/employees-api.ts';
import { EMPLOYEE_LIVE_EVENTS, employeeKeys, employeeKeysForFrame } from '../api/query-keys.ts';
import { departmentOptions, emailStatus, employeeFieldError } from '../forms/employee-form.ts';
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

/**
 * Whether the e-mail typed in a new employee's form already has a login account, asked 500 ms after the last
 * keystroke and only for a well-formed e-mail.
 */
export function useEmailStatus(email: string | undefined, enabled: boolean) {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const value = (email ?? '').trim().toLowerCase();
    const timer = setTimeout(() => setSettled(value), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [email]);
  const valid = settled.length > 0 && employeeFieldError('email', settled) === undefined;
  const current = (email ?? '').trim().toLowerCase() === settled;
  const query = useQuery({
    queryKey: employeeKeys.emailCheck(settled),
    queryFn: () => fetchEmailCheck(settled),
    enabled: enabled && valid,
    staleTime: 0,
  });
  return {
    status: enabled && valid && current ? emailStatus(query.data) : ('unknown' as const),
    checking: enabled && valid && (query.isFetching || !current),
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
