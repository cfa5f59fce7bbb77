import type { MenuDisplayState } from '@atende/shared/routes/menu';
import { MENU_DISPLAY_STATES } from '@atende/shared/routes/menu';
import { atom } from 'jotai';
import { browserStore, STORAGE_KEYS } from '../../lib/storage/local-store.ts';
import type { ScreenSize } from '../../lib/screen/use-screen.ts';

const isDisplayState = (value: unknown): value is MenuDisplayState =>
  typeof value === 'string' && (MENU_DISPLAY_STATES as readonly string[]).includes(value);

const stored = browserStore().getItem(STORAGE_KEYS.menuDisplayState);
const displayBase = atom<MenuDisplayState>(isDisplayState(stored) ? stored : 'expanded');

/** The menu's display state, remembered on this browser. */
export const menuDisplayAtom = atom(
  (get) => get(displayBase),
  (_get, set, next: MenuDisplayState) => {
    browserStore().setItem(STORAGE_KEYS.menuDisplayState, next);
    set(displayBase, next);
  },
);

export const mobileDrawerOpenAtom = atom(false);

export interface MenuLayout {
  sider: 'wide' | 'narrow' | 'none';
  drawer: boolean;
}

/** How a display state renders on a screen: phones always use a drawer, tablets never show the wide menu. */
export function menuLayout(state: MenuDisplayState, screen: ScreenSize, drawerOpen: boolean): MenuLayout {
  if (screen === 'mobile') return { sider: 'none', drawer: drawerOpen };
  switch (state) {
    case 'expanded':
      return { sider: screen === 'tablet' ? 'narrow' : 'wide', drawer: false };
    case 'collapsed':
      return { sider: 'narrow', drawer: false };
    case 'overlay':
      return { sider: 'none', drawer: drawerOpen };
    case 'hidden':
      return { sider: 'none', drawer: false };
  }
}
