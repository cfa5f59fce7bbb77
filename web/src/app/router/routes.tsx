import type { AppRoute } from '@atende/shared/routes/app-routes';
import { APP_ROUTES, ERROR_PATH, HOME_PATH } from '@atende/shared/routes/app-routes';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { ErrorPage } from '../../components/error-page/error-page.tsx';
import { ShellLayout } from '../shell/shell-layout.tsx';
import { PUBLIC_PAGES } from './pages.ts';
import { FullPageSpinner, RequireAccess } from './require-access.tsx';
import { RouteError } from './route-error.tsx';
import { RoutePage } from './route-page.tsx';

const suspended = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

function guarded(route: AppRoute): RouteObject {
  if (route.redirectTo) return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
  return {
    path: route.path,
    element: <RequireAccess rule={route.access}>{suspended(<RoutePage route={route} />)}</RequireAccess>,
  };
}

function outsideShell(route: AppRoute): RouteObject {
  if (route.path === ERROR_PATH) return { path: route.path, element: <ErrorPage code={403} /> };
  if (route.auth === 'employee') return guarded(route);
  const Page = PUBLIC_PAGES[route.path];
  if (!Page) throw new Error(`public route ${route.path} has no page`);
  return { path: route.path, element: suspended(<Page />) };
}

/** The whole route table, built from shared's APP_ROUTES; unknown paths show the 404 error page. */
export function buildRoutes(routes: readonly AppRoute[] = APP_ROUTES): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      children: [
        { path: '/', element: <Navigate to={HOME_PATH} replace /> },
        {
          element: (
            <RequireAccess>
              <ShellLayout />
            </RequireAccess>
          ),
          children: routes.filter((route) => route.shell).map(guarded),
        },
        ...routes.filter((route) => !route.shell).map(outsideShell),
        { path: '*', element: <ErrorPage code={404} /> },
      ],
    },
  ];
}
