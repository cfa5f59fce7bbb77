import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FallbackProps } from 'react-error-boundary';
import { isChunkLoadError } from './chunk-load.ts';
import { LazyErrorPage } from './lazy-error-page.tsx';

/** A route that failed to render: a chunk that never came gets a reload button, anything else the error page. */
export function RouteError({ error }: FallbackProps) {
  const { t } = useTranslation();
  if (isChunkLoadError(error)) {
    return (
      // Plain parts, no lazy chunk: this screen shows precisely when chunks cannot be fetched.
      <Flex vertical align="center" gap={16} style={{ padding: 48 }}>
        <h2 style={{ margin: 0, fontSize: 20 }}>{t('shell.chunkError')}</h2>
        <Button type="primary" onClick={() => window.location.reload()} data-testid="chunk-error-reload">
          {t('shell.reload')}
        </Button>
      </Flex>
    );
  }
  console.error(error);
  return <LazyErrorPage code={500} />;
}
