import { useMemo } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { Providers } from './providers.tsx';
import { RouteError } from './router/route-error.tsx';
import { buildRoutes } from './router/routes.tsx';

/**
 * A declarative router (not `createBrowserRouter`): no loaders or actions are used, and the data router would add
 * about 18 KB gzip to the sign-in page. A render error shows RouteError until the user navigates elsewhere.
 */
function AppRoutes() {
  const routes = useMemo(() => buildRoutes(), []);
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
      {element}
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
