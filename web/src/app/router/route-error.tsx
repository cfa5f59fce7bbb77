import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { ErrorPage } from '../../components/error-page/error-page.tsx';
import { isChunkLoadError } from './chunk-load.ts';

/** A route that failed to render: a chunk that never came gets a reload button, anything else the error page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isChunkLoadError(error)) {
    return (
      <Result
        status="warning"
        title={t('shell.chunkError')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()} data-testid="chunk-error-reload">
            {t('shell.reload')}
          </Button>
        }
      />
    );
  }
  console.error(error);
  return <ErrorPage code={500} />;
}
