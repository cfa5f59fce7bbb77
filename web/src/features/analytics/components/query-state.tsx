import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';

const t = ptBR.analytics;

/** Loading, error (with a retry) and empty states of one analytics query, else its content. */
export function QueryState({
  loading,
  error,
  empty,
  onRetry,
  children,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (loading) return <Skeleton active />;
  if (error) {
    return (
      <Alert
        type="error"
        message={t.loadFailed}
        action={
          <Button size="small" onClick={onRetry}>
            {t.retry}
          </Button>
        }
      />
    );
  }
  if (empty) return <Empty description={t.empty} />;
  return <>{children}</>;
}
