import { SHELL_PAGES } from './pages.ts';

/** Routes the catalogue has no screen for yet show their header and an empty area. */
export const PLACEHOLDER_SCREEN = 'placeholder';

/** The screen a catalogue entry renders: several routes may share one (every chat route is the inbox). */
export const screenName = (path: string): string => {
  const Page = SHELL_PAGES[path];
  if (!Page) return PLACEHOLDER_SCREEN;
  return Page.displayName || Page.name || path;
};
