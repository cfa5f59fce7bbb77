import type { AccessContext } from '@atende/shared/rules/access';
import { planGatingEnabled } from '@atende/shared/rules/access';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { LIMITS } from '@atende/shared/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createEncryptedStore } from '../storage/encrypted-store.ts';
import { browserStore } from '../storage/local-store.ts';
import { fetchMountApp, fetchPermissions, loadPlanFeatures, loadRollouts } from './account-api.ts';
import { readStoredEmployee } from './session-store.ts';

const vault = createEncryptedStore(browserStore());

export const SESSION_QUERY_KEYS = {
  mount: (employeeId: string) => ['session', 'mount', employeeId] as const,
  rollouts: (companyId: string) => ['session', 'rollouts', companyId] as const,
  features: (companyId: string) => ['session', 'features', companyId] as const,
  permissions: ['session', 'permissions'] as const,
};

/** The signed-in employee with its company (GET get-compnay-mount-app), read once per shell mount. */
export function useMountedEmployee() {
  const stored = readStoredEmployee();
  return useQuery({
    queryKey: SESSION_QUERY_KEYS.mount(stored?._id ?? ''),
    queryFn: () => fetchMountApp(stored?._id ?? ''),
    enabled: stored !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}

/** Rollouts, plan features and role permissions, refreshed on mount and every 300000 ms. */
function useCompanyFlags(companyId: string | undefined) {
  const rollouts = useQuery({
    queryKey: SESSION_QUERY_KEYS.rollouts(companyId ?? ''),
    queryFn: () => loadRollouts(companyId ?? '', vault),
    enabled: companyId !== undefined,
    staleTime: LIMITS.rolloutRefreshMs,
    refetchInterval: LIMITS.rolloutRefreshMs,
  });
  const gating = rollouts.data ? planGatingEnabled({ rollouts: rollouts.data }) : false;
  const features = useQuery({
    queryKey: SESSION_QUERY_KEYS.features(companyId ?? ''),
    queryFn: () => loadPlanFeatures(companyId ?? '', vault),
    enabled: companyId !== undefined && gating,
    staleTime: LIMITS.rolloutRefreshMs,
    refetchInterval: LIMITS.rolloutRefreshMs,
  });
  const permissionRollout =
    rollouts.data?.includes(ROLLOUTS.manager) === true ||
    rollouts.data?.includes(ROLLOUTS.profileManager) === true;
  const permissions = useQuery({
    queryKey: SESSION_QUERY_KEYS.permissions,
    queryFn: fetchPermissions,
    enabled: companyId !== undefined && permissionRollout,
    staleTime: LIMITS.rolloutRefreshMs,
    retry: false,
  });
  const ready =
    rollouts.isSuccess && (!gating || features.isSuccess) && (!permissionRollout || !permissions.isPending);
  return { rollouts: rollouts.data, features: features.data, permissions: permissions.data, ready };
}

export interface SessionState {
  mount: ReturnType<typeof useMountedEmployee>;
  access: AccessContext | undefined;
}

/** Everything the route guard and the shell need about who is signed in; access is undefined while loading. */
export function useSession(): SessionState {
  const mount = useMountedEmployee();
  const flags = useCompanyFlags(mount.data?.company._id);
  const access = useMemo<AccessContext | undefined>(() => {
    const employee = mount.data;
    if (!employee || !flags.ready) return undefined;
    return {
      role: employee.role,
      employeeId: employee._id,
      company: {
        account_type: employee.company.account_type,
        modules: employee.company.modules,
        permissions: { ...employee.company.permissions, ...flags.permissions?.permissions },
        settings: employee.company.settings as AccessContext['company']['settings'],
      },
      rollouts: flags.rollouts ?? [],
      planFeatures: flags.features ?? undefined,
    };
  }, [mount.data, flags.ready, flags.rollouts, flags.features, flags.permissions]);
  return { mount, access };
}
