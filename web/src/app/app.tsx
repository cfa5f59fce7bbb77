import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './providers.tsx';
import { buildRoutes } from './router/routes.tsx';

export function App() {
  const router = useMemo(() => createBrowserRouter(buildRoutes()), []);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
