import { ConfigProvider } from 'antd';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { formsPtBR } from '@atende/shared/i18n/pt-BR-core';
import { antdLocale } from '../lib/i18n/antd-locale.ts';
import { themeColorAtom, themeConfig } from './shell/theme.ts';

/** Spec point 2: a select with no options shows 'Nenhuma opção encontrada' (antd's own default elsewhere). */
const renderEmpty = (componentName?: string) =>
  componentName === 'Select' || componentName === 'Cascader' || componentName === 'TreeSelect'
    ? formsPtBR.noOptions
    : undefined;

function ThemedAntd({ children }: { children: ReactNode }) {
  const color = useAtomValue(themeColorAtom);
  return (
    <ConfigProvider locale={antdLocale} theme={themeConfig(color)} renderEmpty={renderEmpty}>
      {children}
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider>
      <ThemedAntd>{children}</ThemedAntd>
    </JotaiProvider>
  );
}
