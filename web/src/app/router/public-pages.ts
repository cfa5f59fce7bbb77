import type { ComponentType } from 'react';
import { lazyPage } from './chunk-load.ts';

/** Pages outside the session (apart from the shell's registry in pages.ts, which the login never loads). */
export const PUBLIC_PAGES: Readonly<Record<string, ComponentType>> = {
  '/:product/login': lazyPage(() => import('../../features/auth/components/login-page.tsx'), 'LoginPage', {
    fullCatalogue: false,
  }),
  '/trial/register/:account_type': lazyPage(
    () => import('../../features/auth/components/signup-page.tsx'),
    'SignUpPage',
  ),
  '/auth/callback': lazyPage(
    () => import('../../features/auth/components/auth-callback-page.tsx'),
    'AuthCallbackPage',
  ),
};
