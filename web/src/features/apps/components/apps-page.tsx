import type { AppView } from '@atende/shared/contracts/apps/views';
import { APP_CATEGORIES } from '@atende/shared/domain/apps';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useAppMutations, useApps } from '../hooks/use-apps.ts';
import { AppCard } from './app-card.tsx';
import { InstallModal } from './install-modal.tsx';

const strings = ptBR.apps;
const toastSeconds = LIMITS.toastDurationMs / 1000;

/** app/integrations/apps: the catalogue of spec point 3 by category, with install and uninstall. */
export function AppsPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const apps = useApps();
  const mutations = useAppMutations();
  const { message, modal } = App.useApp();
  const [installing, setInstalling] = useState<AppView>();

  const confirmUninstall = (app: AppView) =>
    modal.confirm({
      title: interpolate(strings.uninstallTitle, { label: app.label }),
      content: strings.uninstallContent,
      okText: strings.uninstall,
      cancelText: ptBR.forms.cancel,
      okButtonProps: { danger: true, 'data-testid': 'app-uninstall-confirm' },
      onOk: async () => {
        try {
          await mutations.uninstall.mutateAsync(app.name);
          void message.success(strings.uninstalledToast, toastSeconds);
        } catch (error) {
          void message.error(
            error instanceof ApiRequestError ? error.message : ptBR.errors.processFailed,
            toastSeconds,
          );
        }
      },
    });

  const body = () => {
    if (apps.isLoading) return <Skeleton active data-testid="apps-loading" />;
    if (apps.isError)
      return (
        <Alert
          type="error"
          showIcon
          message={strings.loadFailed}
          action={<Button onClick={() => void apps.refetch()}>{strings.retry}</Button>}
          data-testid="apps-error"
        />
      );
    const all = apps.data ?? [];
    return APP_CATEGORIES.map((category) => {
      const inCategory = all.filter((app) => app.category === category);
      return (
        <section key={category} data-testid={`apps-category-${category}`} style={{ marginBottom: 24 }}>
          <Typography.Title level={5}>{strings.categories[category]}</Typography.Title>
          {inCategory.length === 0 ? (
            <Empty description={strings.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Row gutter={[16, 16]}>
              {inCategory.map((app) => (
                <Col key={app.name} xs={24} md={12} xl={8}>
                  <AppCard app={app} onInstall={setInstalling} onUninstall={confirmUninstall} />
                </Col>
              ))}
            </Row>
          )}
        </section>
      );
    });
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div data-testid="apps-page">{body()}</div>
      <InstallModal app={installing} mutations={mutations} onClose={() => setInstalling(undefined)} />
    </>
  );
}
