import type { AppRoute } from '@atende/shared/routes/app-routes';
import { breadcrumb } from '@atende/shared/routes/breadcrumb';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AreaPage } from '../../components/area-page/area-page.tsx';
import { SHELL_PAGES } from './pages.ts';
import { screenName } from './screen-name.ts';

/**
 * One shell route: the document title, the breadcrumb of the current path, and the page (or its empty area).
 * `<html data-screen>` names the screen on view (and `data-route` its pattern), so the layout e2e checks each
 * screen once, whatever its path.
 */
export function RoutePage({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = route.title;
    document.documentElement.dataset.screen = screenName(route.path);
    document.documentElement.dataset.route = route.path;
  }, [route.title, route.path]);
  const crumbs = breadcrumb(pathname);
  const Page = SHELL_PAGES[route.path];
  return Page ? (
    <Page title={route.title} breadcrumb={crumbs} />
  ) : (
    <AreaPage title={route.title} breadcrumb={crumbs} />
  );
}
