import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { QueryKey } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { fetchDepartments, fetchEmployeeChoices, fetchTabulations } from '../api/departments-api.ts';
import { ORGANIZATION_LIVE_EVENTS, organizationKeys, organizationKeysForFrame } from '../api/query-keys.ts';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';

export function useDepartments() {
  useLiveInvalidation(ORGANIZATION_LIVE_EVENTS, organizationKeysForFrame);
  return useQuery({ queryKey: organizationKeys.departments, queryFn: fetchDepartments });
}

export function useTabulations() {
  useLiveInvalidation(ORGANIZATION_LIVE_EVENTS, organizationKeysForFrame);
  return useQuery({ queryKey: organizationKeys.tabulations, queryFn: fetchTabulations });
}

export const useEmployeeChoices = () =>
  useQuery({
    queryKey: organizationKeys.employeeChoices,
    queryFn: fetchEmployeeChoices,
    select: (page) =>
      page.items
        .filter((employee) => !employee.inactive)
        .map((employee) => ({ value: employee._id, label: employee.name })),
  });

/** A change to one list: refetch it afterwards and say how it went in a 3 s toast. */
export function useOrganizationChange<T>(
  key: QueryKey,
  change: (input: T) => Promise<unknown>,
  success: string,
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const seconds = LIMITS.toastDurationMs / 1000;
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void message.success(success, seconds);
    },
    onError: (error) => {
      const text = error instanceof ApiRequestError ? error.message : ptBR.adminScreens.common.saveFailed;
      void message.error(text, seconds);
    },
  });
}
