import type { AppView } from '@atende/shared/contracts/apps/views';
import { APP_CATEGORIES } from '@atende/shared/domain/apps';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useAppMutations, useApps } from '../hooks/use-apps.ts';
import { InstallModal } from './install-modal.tsx';

const strings = ptBR.apps;

/** Apps connected through OAuth: their card opens their own screen instead of the install form. */
const OAUTH_PAGES: Partial<Record<AppView['name'], string>> = {
  rdstationmarketing: '/app/integration/rdmkt',
};
const toastSeconds = LIMITS.toastDurationMs / 1000;

function AppCard({
  app,
  onInstall,
  onUninstall,
}: {
  app: AppView;
  onInstall: (app: AppView) => void;
  onUninstall: (app: AppView) => void;
}) {
  const navigate = useNavigate();
  const installed = app.installation !== null;
  const blocked = !app.available ? strings.unavailable : !app.allowed ? strings.notInPlan : undefined;
  const oauthPage = OAUTH_PAGES[app.name];
  const action = oauthPage ? (
    // Connected through the provider's own authorization, on its screen (spec point 2, /app/integration/rdmkt).
    <Button
      type={installed ? 'default' : 'primary'}
      disabled={!installed && blocked !== undefined}
      onClick={() => void navigate(oauthPage)}
      data-testid={`app-configure-${app.name}`}
    >
      {strings.rdmkt.openPage}
    </Button>
  ) : installed ? (
    <Button danger onClick={() => onUninstall(app)} data-testid={`app-uninstall-${app.name}`}>
      {strings.uninstall}
    </Button>
  ) : (
    <Button
      type="primary"
      disabled={blocked !== undefined}
      onClick={() => onInstall(app)}
      data-testid={`app-install-${app.name}`}
    >
      {strings.install}
    </Button>
  );
  return (
    <Card
      data-testid={`app-card-${app.name}`}
      data-installed={installed}
      style={{ height: '100%' }}
      actions={[action]}
    >
      <Flex gap={12} align="flex-start">
        <img src={app.logo} alt="" width={48} height={48} />
        <Flex vertical gap={4}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{app.label}</Typography.Text>
            {installed && (
              <Tag color="green" data-testid={`app-installed-${app.name}`}>
                {strings.installed}
              </Tag>
            )}
            {!installed && blocked && <Tag>{blocked}</Tag>}
          </Flex>
          <Typography.Text type="secondary">{app.description}</Typography.Text>
          {app.installation?.webhook_url && (
            <>
              <Typography.Text type="secondary">{strings.shopify.webhookUrl}</Typography.Text>
              <Typography.Text
                copyable
                code
                style={{ fontSize: 12 }}
                data-testid={`app-webhook-url-${app.name}`}
              >
                {app.installation.webhook_url}
              </Typography.Text>
            </>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

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
