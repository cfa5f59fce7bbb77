import type { ThemeColor } from '@atende/shared/domain/constants';
import { DEFAULT_THEME, THEME_COLORS } from '@atende/shared/domain/constants';
import type { ThemeConfig } from 'antd';
import { theme } from 'antd';
import { atom } from 'jotai';
import type { KeyValueStore } from '../../lib/storage/local-store.ts';
import { browserStore, STORAGE_KEYS } from '../../lib/storage/local-store.ts';

const PRIMARY: Record<string, string> = {
  purple: '#722ed1',
  blue: '#1677ff',
  green: '#389e0d',
  orange: '#d46b08',
  red: '#cf1322',
};

export const isThemeColor = (value: unknown): value is ThemeColor =>
  typeof value === 'string' && (THEME_COLORS as readonly string[]).includes(value);

export function themeConfig(color: ThemeColor): ThemeConfig {
  const [mode, hue = 'blue'] = color.split('.');
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: PRIMARY[hue] ?? PRIMARY.blue, borderRadius: 6 },
  };
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
