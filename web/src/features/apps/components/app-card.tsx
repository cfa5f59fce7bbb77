import { type AppView, WORKING_APPS } from '@atende/shared/contracts/apps/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { waitsForToken } from '../forms/install-form.ts';

const strings = ptBR.apps;

/** Apps connected through OAuth: their card opens their own screen instead of the install form. */
const OAUTH_PAGES: Partial<Record<AppView['name'], string>> = {
  rdstationmarketing: '/app/integration/rdmkt',
};

export function AppCard({
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
  const reconnect = app.installation?.needs_reconnect === true;
  const action = oauthPage ? (
    // Connected through the provider's own authorization, on its screen (spec point 2, /app/integration/rdmkt).
    <Button
      type={installed && !reconnect ? 'default' : 'primary'}
      disabled={!installed && blocked !== undefined}
      onClick={() => void navigate(oauthPage)}
      data-testid={reconnect ? `app-reconnect-${app.name}` : `app-configure-${app.name}`}
    >
      {reconnect ? strings.rdmkt.reconnectAction : strings.rdmkt.openPage}
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
            {reconnect && (
              <Tooltip title={strings.rdmkt.reconnectNeededText}>
                <Tag color="red" data-testid={`app-needs-reconnect-${app.name}`}>
                  {strings.rdmkt.reconnectNeeded}
                </Tag>
              </Tooltip>
            )}
            {waitsForToken(app) && (
              <Tooltip title={strings.tokenMissingHint}>
                <Tag color="orange" data-testid={`app-token-missing-${app.name}`}>
                  {strings.tokenMissing}
                </Tag>
              </Tooltip>
            )}
            {!WORKING_APPS.includes(app.name) && (
              <Tooltip title={strings.comingSoonHint}>
                <Tag color="orange" data-testid={`app-coming-soon-${app.name}`}>
                  {strings.comingSoon}
                </Tag>
              </Tooltip>
            )}
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
