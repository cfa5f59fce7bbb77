import type { AppView } from '@atende/shared/contracts/apps/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { appsApi } from '../api/apps-api.ts';
import { useAppMutations, useApps } from '../hooks/use-apps.ts';

const strings = ptBR.apps;
const toastSeconds = LIMITS.toastDurationMs / 1000;
const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : ptBR.errors.processFailed;

function Status({ app }: { app: AppView }) {
  const since = app.installation?.installed_at;
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label={strings.rdmkt.status}>
        {app.installation?.needs_reconnect ? (
          <Tag color="red" data-testid="rdmkt-needs-reconnect">
            {strings.rdmkt.reconnectNeeded}
          </Tag>
        ) : since ? (
          <Tag color="green" data-testid="rdmkt-connected">
            {interpolate(strings.rdmkt.connectedSince, { date: new Date(since).toLocaleString('pt-BR') })}
          </Tag>
        ) : (
          <Tag data-testid="rdmkt-not-connected">{strings.rdmkt.notConnected}</Tag>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * /app/integration/rdmkt (spec point 2): connects RD Station Marketing through its OAuth dialog. The browser
 * leaves for RD Station with a signed state and comes back to /app/auth/rdstationmarketing.
 */
export function RdMktPage({ title }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const apps = useApps();
  const { uninstall } = useAppMutations();
  const { message, modal } = App.useApp();
  const start = useMutation({
    mutationFn: () => appsApi.startOAuth('rdstationmarketing'),
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });
  const app = apps.data?.find((candidate) => candidate.name === 'rdstationmarketing');

  const disconnect = () =>
    modal.confirm({
      title: strings.rdmkt.disconnectTitle,
      content: strings.uninstallContent,
      okText: strings.rdmkt.disconnect,
      cancelText: ptBR.forms.cancel,
      okButtonProps: { danger: true, 'data-testid': 'rdmkt-disconnect-confirm' },
      onOk: async () => {
        try {
          await uninstall.mutateAsync('rdstationmarketing');
          void message.success(strings.rdmkt.disconnected, toastSeconds);
        } catch (error) {
          void message.error(errorText(error), toastSeconds);
        }
      },
    });

  const body = () => {
    if (apps.isLoading) return <Skeleton active data-testid="rdmkt-loading" />;
    if (apps.isError || !app) {
      return (
        <Alert
          type="error"
          showIcon
          message={strings.loadFailed}
          action={<Button onClick={() => void apps.refetch()}>{strings.retry}</Button>}
          data-testid="rdmkt-error"
        />
      );
    }
    const connected = app.installation !== null;
    return (
      <Flex vertical gap={16}>
        <Typography.Paragraph>{strings.rdmkt.intro}</Typography.Paragraph>
        <Status app={app} />
        {!app.allowed && <Alert type="warning" showIcon message={strings.rdmkt.notAllowed} />}
        {app.installation?.needs_reconnect && (
          <Alert
            type="warning"
            showIcon
            message={strings.rdmkt.reconnectNeeded}
            description={strings.rdmkt.reconnectNeededText}
            data-testid="rdmkt-reconnect-needed"
            action={
              <Button
                type="primary"
                loading={start.isPending}
                onClick={() => start.mutate()}
                data-testid="rdmkt-reconnect"
              >
                {strings.rdmkt.reconnectAction}
              </Button>
            }
          />
        )}
        {start.isError && (
          <Alert type="error" showIcon message={errorText(start.error)} data-testid="rdmkt-start-error" />
        )}
        <Flex gap={8} wrap>
          <Button
            type="primary"
            disabled={!app.allowed}
            loading={start.isPending}
            onClick={() => start.mutate()}
            data-testid="rdmkt-connect"
          >
            {connected ? strings.rdmkt.reconnect : strings.rdmkt.connect}
          </Button>
          {connected && (
            <Button danger onClick={disconnect} data-testid="rdmkt-disconnect">
              {strings.rdmkt.disconnect}
            </Button>
          )}
          <Link to="/app/integrations/apps">{strings.title}</Link>
        </Flex>
      </Flex>
    );
  };

  return (
    <main style={{ maxWidth: 720, margin: '48px auto', padding: '0 16px' }} data-testid="rdmkt-page">
      <Card
        title={
          <Flex gap={12} align="center">
            <img src="/apps/rdstationmarketing.svg" alt="" width={32} height={32} />
            {title}
          </Flex>
        }
      >
        {body()}
      </Card>
    </main>
  );
}
