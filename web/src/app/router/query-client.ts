import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the signed-in app. Provided by the session guard (require-access.tsx), not at the root:
 * public pages make no queries, so the login page never downloads TanStack Query.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});
