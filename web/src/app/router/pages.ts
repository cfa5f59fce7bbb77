import type { ComponentType } from 'react';
import type { BreadcrumbItem } from '../../components/page-header/page-header.tsx';
import { lazyPage } from './chunk-load.ts';

export interface PageProps {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}

/** Screens built so far, by route pattern; every other shell route shows its header and an empty state. */
export const SHELL_PAGES: Readonly<Record<string, ComponentType<PageProps>>> = {
  '/app/home': lazyPage(() => import('../../features/home/components/home-page.tsx'), 'HomePage'),
};

export const PUBLIC_PAGES: Readonly<Record<string, ComponentType>> = {
  '/:product/login': lazyPage(() => import('../../features/auth/components/login-page.tsx'), 'LoginPage'),
  '/trial/register/:account_type': lazyPage(
    () => import('../../features/auth/components/signup-page.tsx'),
    'SignUpPage',
  ),
  '/auth/callback': lazyPage(
    () => import('../../features/auth/components/auth-callback-page.tsx'),
    'AuthCallbackPage',
  ),
};
