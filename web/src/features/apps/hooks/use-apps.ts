import type { InstallAppBody } from '@atende/shared/contracts/apps/views';
import type { AppName } from '@atende/shared/domain/apps';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { APP_LIVE_EVENTS, appKeys, appKeysForFrame, appsApi } from '../api/apps-api.ts';

/** The catalogue with the company's installations, refetched when any browser installs or uninstalls. */
export function useApps() {
  useLiveInvalidation(APP_LIVE_EVENTS, appKeysForFrame);
  return useQuery({ queryKey: appKeys.all, queryFn: appsApi.list });
}

export function useAppMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: appKeys.all });
  const install = useMutation({
    mutationFn: ({ name, body }: { name: AppName; body: InstallAppBody }) => appsApi.install(name, body),
    onSuccess: refresh,
  });
  const uninstall = useMutation({ mutationFn: appsApi.uninstall, onSettled: refresh });
  return { install, uninstall };
}
