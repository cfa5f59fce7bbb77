import type { AccessRule } from '@atende/shared/contracts/types';
import { isTrialExpired } from '@atende/shared/rules/trial';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginPath } from '../../config/runtime-config.ts';
import { hasSession } from '../../lib/api/tokens.ts';
import { logout } from '../../lib/session/logout.ts';
import { rememberWantedPath } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { trialJustExpiredAtom } from '../session/state.ts';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { guardDecision } from './guard-decision.ts';
import { queryClient } from './query-client.ts';
import { LazyErrorPage } from './lazy-error-page.tsx';

/** After the countdown expired the trial, the first navigation away from home ends the session (spec point 4). */
function useExpiredTrialNavigation(): boolean {
  const { pathname } = useLocation();
  const justExpired = useAtomValue(trialJustExpiredAtom);
  const expiredAt = useRef<string | undefined>(undefined);
  if (!justExpired) return false;
  expiredAt.current ??= pathname;
  return pathname !== expiredAt.current;
}

/** The one route guard: sign-in, trial state and the route's access rule from shared's route table. */
export function RequireAccess({ rule, children }: { rule?: AccessRule; children: ReactNode }) {
  const location = useLocation();
  const { mount, access } = useSession();
  const navigatedAfterExpiry = useExpiredTrialNavigation();
  const outcome = guardDecision({
    authenticated: hasSession(),
    trialExpired:
      navigatedAfterExpiry ||
      (mount.data ? isTrialExpired({ data_trial: mount.data.company.data_trial ?? undefined }) : false),
    access,
    rule,
  });

  const mustLogout = outcome.kind === 'login' && outcome.logout;
  useEffect(() => {
    if (mustLogout) void logout();
  }, [mustLogout]);

  if (mount.isError) return <LazyErrorPage code={500} />;
  switch (outcome.kind) {
    case 'render':
      return children;
    case 'wait':
      return <FullPageSpinner />;
    case 'redirect':
      return <Navigate to={outcome.to} replace />;
    case 'login':
      if (outcome.logout) return <FullPageSpinner />;
      rememberWantedPath(`${location.pathname}${location.search}`);
      return <Navigate to={loginPath()} replace />;
  }
}

/**
 * A route that needs a session: the guard, then the page, inside TanStack Query's client and antd's App (the
 * message, modal and notification hooks the signed-in screens use). It loads as a chunk after the router, so public pages never
 * fetch the session's contracts or those components; a nested guard's App stands in for the outer one.
 */
export function GuardedPage({ rule, children }: { rule?: AccessRule; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntApp component={false}>
        <RequireAccess rule={rule}>
          <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
        </RequireAccess>
      </AntApp>
    </QueryClientProvider>
  );
}
