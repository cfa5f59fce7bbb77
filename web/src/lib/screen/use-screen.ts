import { SCREEN } from '@atende/shared/domain/constants';
import { useEffect, useState } from 'react';

export type ScreenSize = 'mobile' | 'tablet' | 'desktop';

export const screenSize = (width: number): ScreenSize =>
  width <= SCREEN.mobileMax ? 'mobile' : width <= SCREEN.tabletMax ? 'tablet' : 'desktop';

/** Spec point 1 widths: mobile up to 768, tablet up to 1024. */
export function useScreenSize(): ScreenSize {
  const [size, setSize] = useState(() => screenSize(window.innerWidth));
  useEffect(() => {
    const update = () => setSize(screenSize(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}
