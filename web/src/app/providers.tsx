import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { antdLocale } from '../lib/i18n/antd-locale.ts';
import { themeColorAtom, themeConfig } from './shell/theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

function ThemedAntd({ children }: { children: ReactNode }) {
  const color = useAtomValue(themeColorAtom);
  return (
    <ConfigProvider locale={antdLocale} theme={themeConfig(color)}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <ThemedAntd>{children}</ThemedAntd>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
