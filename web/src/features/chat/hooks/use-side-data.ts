import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { departmentDisplayName } from '@atende/shared/rules/departments';
import { useQuery } from '@tanstack/react-query';
import { chatKeys } from '../api/query-keys.ts';
import {
  fetchChatSettings,
  fetchDepartments,
  fetchTabulations,
  fetchTransferEmployees,
  fetchWallets,
} from '../api/side-data-api.ts';

const flatten = (tree: readonly DepartmentNode[]): DepartmentNode[] =>
  tree.flatMap((node) => [node, ...flatten(node.sub_departments)]);

/** The departments this viewer may see (spec point 5), as select options with the truncated display name. */
export function useDepartmentOptions() {
  return useQuery({
    queryKey: chatKeys.departments,
    queryFn: fetchDepartments,
    staleTime: 60_000,
    select: (answer) =>
      flatten(answer.departments).map((department) => ({
        value: department._id,
        label: departmentDisplayName(department.label),
      })),
  });
}

/** Wallets to filter the list by; a refused or failed call leaves the filter out. */
export function useWalletOptions() {
  return useQuery({
    queryKey: chatKeys.wallets,
    queryFn: fetchWallets,
    staleTime: 60_000,
    retry: false,
    select: (answer) => answer.wallets.map((wallet) => ({ value: wallet._id, label: wallet.name })),
  });
}

export function useTabulations(enabled: boolean) {
  return useQuery({ queryKey: chatKeys.tabulations, queryFn: fetchTabulations, enabled, staleTime: 60_000 });
}

/** Admins list every employee; for other roles the call is refused and only departments are offered. */
export function useTransferEmployees(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.employees,
    queryFn: fetchTransferEmployees,
    enabled,
    retry: false,
    staleTime: 60_000,
    select: (answer) =>
      answer.items
        .filter((employee) => !employee.inactive)
        .map((employee) => ({ value: employee._id, label: employee.name })),
  });
}

/** The company's notification switches (new-call and new-message sounds); on until the settings say otherwise. */
export function useChatNotifications() {
  const settings = useQuery({
    queryKey: chatKeys.settings,
    queryFn: fetchChatSettings,
    staleTime: 60_000,
    select: (answer) => answer.notifications,
  });
  return { newCallSound: settings.data?.newCallSound ?? true };
}
