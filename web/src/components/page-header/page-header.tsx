import { Breadcrumb, Button, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface PageHeaderAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick?: () => void;
  /** Shows a spinner while the action is processing. */
  processing?: boolean;
  hidden?: boolean;
  /** Hidden while the company works with the official WhatsApp integration (spec point 2, page header). */
  blockedOnOfficialWhatsapp?: boolean;
  primary?: boolean;
}

export interface BreadcrumbItem {
  label: string;
  path: string;
}

export interface PageHeaderProps {
  title: string;
  actions?: readonly PageHeaderAction[];
  phrase?: string;
  note?: string;
  breadcrumb?: readonly BreadcrumbItem[];
  usesOfficialWhatsapp?: boolean;
}

export const visibleActions = (
  actions: readonly PageHeaderAction[],
  usesOfficialWhatsapp: boolean,
): PageHeaderAction[] =>
  actions.filter((action) => !action.hidden && !(action.blockedOnOfficialWhatsapp && usesOfficialWhatsapp));

export function PageHeader({
  title,
  actions = [],
  phrase,
  note,
  breadcrumb,
  usesOfficialWhatsapp = false,
}: PageHeaderProps) {
  const shown = visibleActions(actions, usesOfficialWhatsapp);
  return (
    <header className="page-header" data-testid="page-header">
      {breadcrumb && breadcrumb.length > 0 && (
        <Breadcrumb
          data-testid="breadcrumb"
          items={breadcrumb.map((item, index) => ({
            key: item.path,
            title: index === breadcrumb.length - 1 ? item.label : <Link to={item.path}>{item.label}</Link>,
          }))}
        />
      )}
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: '8px 0' }} data-testid="page-header-title">
          {title}
        </Typography.Title>
        {shown.length > 0 && (
          <Space wrap>
            {shown.map((action) => (
              <Button
                key={action.key}
                type={action.primary ? 'primary' : 'default'}
                icon={action.icon}
                loading={action.processing}
                onClick={action.onClick}
                data-testid={`page-header-action-${action.key}`}
              >
                {action.label}
              </Button>
            ))}
          </Space>
        )}
      </Flex>
      {phrase && <Typography.Paragraph style={{ marginBottom: 4 }}>{phrase}</Typography.Paragraph>}
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </header>
  );
}
