import { describe, expect, it } from 'vitest';
import { menuLayout } from './menu-state.ts';
import { screenSize } from '../../lib/screen/use-screen.ts';

describe('menu layout', () => {
  it('reads 768 as mobile and 1024 as tablet', () => {
    expect(screenSize(768)).toBe('mobile');
    expect(screenSize(769)).toBe('tablet');
    expect(screenSize(1024)).toBe('tablet');
    expect(screenSize(1025)).toBe('desktop');
  });

  it('renders the four display states on a desktop', () => {
    expect(menuLayout('expanded', 'desktop', false)).toEqual({ sider: 'wide', drawer: false });
    expect(menuLayout('collapsed', 'desktop', false)).toEqual({ sider: 'narrow', drawer: false });
    expect(menuLayout('overlay', 'desktop', true)).toEqual({ sider: 'none', drawer: true });
    expect(menuLayout('hidden', 'desktop', true)).toEqual({ sider: 'none', drawer: false });
  });

  it('collapses on tablets and uses a drawer on phones', () => {
    expect(menuLayout('expanded', 'tablet', false)).toEqual({ sider: 'narrow', drawer: false });
    expect(menuLayout('expanded', 'mobile', false)).toEqual({ sider: 'none', drawer: false });
    expect(menuLayout('collapsed', 'mobile', true)).toEqual({ sider: 'none', drawer: true });
  });
});
