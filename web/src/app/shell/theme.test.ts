import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../lib/storage/local-store.ts';
import { readTheme, saveTheme, themeConfig } from './theme.ts';

describe('theme colours', () => {
  it('keeps the colour per user, defaulting to light.blue', () => {
    const store = new MemoryStore();
    expect(readTheme('a', store)).toBe('light.blue');
    saveTheme('a', 'dark.green', store);
    expect(readTheme('a', store)).toBe('dark.green');
    expect(readTheme('b', store)).toBe('light.blue');
  });

  it('uses the dark algorithm for dark variants', () => {
    expect(themeConfig('dark.red').algorithm).toBe(theme.darkAlgorithm);
    expect(themeConfig('light.red').algorithm).toBe(theme.defaultAlgorithm);
    expect(themeConfig('light.purple').token?.colorPrimary).toBe('#722ed1');
  });
});
