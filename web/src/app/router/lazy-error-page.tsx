import { Suspense } from 'react';
import type { ErrorPageProps } from '../../components/error-page/error-page.tsx';
import { lazyPage } from './chunk-load.ts';

/** antd's Result carries the 403/404/500 illustrations; only a visitor who meets an error downloads them. */
const ErrorPageChunk = lazyPage(() => import('../../components/error-page/error-page.tsx'), 'ErrorPage');

export function LazyErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPageChunk {...props} />
    </Suspense>
  );
}
