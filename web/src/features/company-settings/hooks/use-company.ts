import { listFlows } from '@atende/shared/contracts/flows/list-flows';
import { callRoute } from '../../../lib/api/call-route.ts';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { departmentDisplayName } from '@atende/shared/rules/departments';
import type { QueryKey } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import {
  fetchDepartmentTree,
  fetchPermissions,
  fetchProfile,
  fetchRolloutBlacklist,
  fetchSettings,
  patchPermissions,
  patchProfile,
  patchSettings,
  setRolloutBlacklisted,
} from '../api/company-api.ts';
import { companyKeys } from '../api/query-keys.ts';

export const useSettings = () => useQuery({ queryKey: companyKeys.settings, queryFn: fetchSettings });
export const usePermissions = () =>
  useQuery({ queryKey: companyKeys.permissions, queryFn: fetchPermissions });
export const useRolloutBlacklist = () =>
  useQuery({ queryKey: companyKeys.rolloutBlacklist, queryFn: fetchRolloutBlacklist });
export const useProfile = () => useQuery({ queryKey: companyKeys.profile, queryFn: fetchProfile });

export interface Choice {
  value: string;
  label: string;
}

const departmentChoices = (tree: readonly DepartmentNode[]): Choice[] =>
  tree.flatMap((node) => [
    { value: node._id, label: departmentDisplayName(node.label) },
    ...departmentChoices(node.sub_departments),
  ]);

export function useDepartmentChoices() {
  return useQuery({
    queryKey: companyKeys.departmentOptions,
    queryFn: fetchDepartmentTree,
    select: (answer) => departmentChoices(answer.departments),
  });
}

/**
 * The company's flows for the flow selectors (invalid-response outcome, flow per evaluation grade). Only
 * published flows can run, so only those are offered. Managers without manage_automation get a 403: no choices.
 */
export function useFlowChoices() {
  return useQuery({
    queryKey: ['flows', 'list'],
    queryFn: () => callRoute(listFlows),
    select: (answer): Choice[] =>
      answer.flows
        .filter((flow) => flow.published_version !== null)
        .map((flow) => ({ value: flow._id, label: flow.name })),
    retry: false,
  });
}

/** A save: the answer replaces the cached copy, and a 3 s toast says how it went. */
function useSave<T, R>(key: QueryKey, save: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const seconds = LIMITS.toastDurationMs / 1000;
  return useMutation({
    mutationFn: save,
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      void message.success(ptBR.adminScreens.common.saved, seconds);
    },
    onError: (error) => {
      const text = error instanceof ApiRequestError ? error.message : ptBR.adminScreens.common.saveFailed;
      void message.error(text, seconds);
    },
  });
}

export const useSaveSettings = () => useSave(companyKeys.settings, patchSettings);
export const useSavePermissions = () => useSave(companyKeys.permissions, patchPermissions);
export const useSaveProfile = () => useSave(companyKeys.profile, patchProfile);
export const useSetRolloutBlacklisted = () => useSave(companyKeys.rolloutBlacklist, setRolloutBlacklisted);
