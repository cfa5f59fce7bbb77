import type { AppRoute } from '@atende/shared/routes/app-routes';
import { APP_ROUTES, ERROR_PATH, HOME_PATH } from '@atende/shared/routes/app-routes';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { lazyPage } from './chunk-load.ts';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { LazyErrorPage } from './lazy-error-page.tsx';
import { PUBLIC_PAGES } from './public-pages.ts';

/**
 * Only what every route needs is loaded up front; the guard (session contracts), the shell (menu, socket) and
 * each page come as chunks, so `/{product}/login` downloads the login form and nothing of the signed-in app.
 */
const GuardedPage = lazyPage(() => import('./require-access.tsx'), 'GuardedPage');
const ShellLayout = lazyPage(() => import('../shell/shell-layout.tsx'), 'ShellLayout');
const RoutePage = lazyPage(() => import('./route-page.tsx'), 'RoutePage');

const suspended = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

function guarded(route: AppRoute): RouteObject {
  if (route.redirectTo) return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
  return {
    path: route.path,
    element: suspended(
      <GuardedPage rule={route.access}>
        <RoutePage route={route} />
      </GuardedPage>,
    ),
  };
}

function outsideShell(route: AppRoute): RouteObject {
  if (route.path === ERROR_PATH) return { path: route.path, element: <LazyErrorPage code={403} /> };
  if (route.auth === 'employee') return guarded(route);
  const Page = PUBLIC_PAGES[route.path];
  if (!Page) throw new Error(`public route ${route.path} has no page`);
  return { path: route.path, element: suspended(<Page />) };
}

/** The whole route table, built from shared's APP_ROUTES; unknown paths show the 404 error page (render errors: app.tsx). */
export function buildRoutes(routes: readonly AppRoute[] = APP_ROUTES): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={HOME_PATH} replace /> },
    {
      element: suspended(
        <GuardedPage>
          <ShellLayout />
        </GuardedPage>,
      ),
      children: routes.filter((route) => route.shell).map(guarded),
    },
    ...routes.filter((route) => !route.shell).map(outsideShell),
    { path: '*', element: <LazyErrorPage code={404} /> },
  ];
}
