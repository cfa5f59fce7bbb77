import type { ThemeColor } from '@atende/shared/domain/constants';
import { DEFAULT_THEME, THEME_COLORS } from '@atende/shared/domain/constants';
import type { ThemeConfig } from 'antd';
import { atom } from 'jotai';
import type { KeyValueStore } from '../../lib/storage/local-store.ts';
import { browserStore, STORAGE_KEYS } from '../../lib/storage/local-store.ts';
import { isHue, themeTokens } from './theme-tokens.ts';

export const isThemeColor = (value: unknown): value is ThemeColor =>
  typeof value === 'string' && (THEME_COLORS as readonly string[]).includes(value);

export function themeConfig(color: ThemeColor): ThemeConfig {
  const [mode, hue] = color.split('.');
  return themeTokens(mode === 'dark' ? 'dark' : 'light', isHue(hue) ? hue : 'blue');
}

/** Each user keeps their own colour on this browser. */
export function readTheme(employeeId: string | undefined, store: KeyValueStore = browserStore()): ThemeColor {
  if (!employeeId) return DEFAULT_THEME;
  const saved = store.getItem(`${STORAGE_KEYS.themePrefix}${employeeId}`);
  return isThemeColor(saved) ? saved : DEFAULT_THEME;
}

export function saveTheme(
  employeeId: string,
  color: ThemeColor,
  store: KeyValueStore = browserStore(),
): void {
  store.setItem(`${STORAGE_KEYS.themePrefix}${employeeId}`, color);
}

export const themeColorAtom = atom<ThemeColor>(DEFAULT_THEME);
