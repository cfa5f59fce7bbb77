import { ApiOutlined, AppstoreOutlined, MessageOutlined, SendOutlined } from '@ant-design/icons';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Badge, Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useApps } from '../hooks/use-apps.ts';

const cards = ptBR.apps.cards;

interface Area {
  key: string;
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
}

const AREAS: readonly Area[] = [
  {
    key: 'channels',
    to: '/app/integrations/channels',
    icon: <MessageOutlined />,
    title: cards.channels,
    text: cards.channelsText,
  },
  {
    key: 'apps',
    to: '/app/integrations/apps',
    icon: <AppstoreOutlined />,
    title: cards.apps,
    text: cards.appsText,
  },
  { key: 'api', to: '/app/integrations/api', icon: <ApiOutlined />, title: cards.api, text: cards.apiText },
  {
    key: 'webhooks',
    to: '/app/integrations/webhooks',
    icon: <SendOutlined />,
    title: cards.webhooks,
    text: cards.webhooksText,
  },
];

/** app/integrations: the way into channels, apps, API and webhooks, with how many apps are installed. */
export function IntegrationsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const apps = useApps();
  const installed = (apps.data ?? []).filter((app) => app.installation !== null).length;
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} phrase={ptBR.apps.indexIntro} />
      <Row gutter={[16, 16]} data-testid="integrations-index">
        {AREAS.map((area) => (
          <Col key={area.key} xs={24} md={12} xl={6}>
            <Link to={area.to} data-testid={`integrations-${area.key}`}>
              <Card hoverable style={{ height: '100%' }}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {area.icon} {area.title}{' '}
                  {area.key === 'apps' && apps.data && installed > 0 && (
                    <Badge count={interpolate(cards.installedCount, { count: installed })} color="green" />
                  )}
                </Typography.Title>
                <Typography.Text type="secondary">{area.text}</Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
