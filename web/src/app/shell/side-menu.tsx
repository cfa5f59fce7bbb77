import {
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  FileTextOutlined,
  FunnelPlotOutlined,
  HomeOutlined,
  MessageOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  RobotOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { AccessContext } from '@atende/shared/rules/access';
import type { MenuItem } from '@atende/shared/routes/menu';
import { MENU, visibleMenu } from '@atende/shared/routes/menu';
import type { MenuProps } from 'antd';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { runtimeConfig } from '../../config/runtime-config.ts';

const ICONS: Partial<Record<MenuItem['key'], ReactNode>> = {
  home: <HomeOutlined />,
  analytics: <BarChartOutlined />,
  chat: <MessageOutlined />,
  contacts: <TeamOutlined />,
  integrations: <AppstoreOutlined />,
  automation: <RobotOutlined />,
  pipelines: <FunnelPlotOutlined />,
  campaignsArea: <NotificationOutlined />,
  activities: <CalendarOutlined />,
  settings: <SettingOutlined />,
  logs: <FileTextOutlined />,
  help: <QuestionCircleOutlined />,
  academy: <ReadOutlined />,
};

type AntItem = NonNullable<MenuProps['items']>[number];

const itemKey = (item: MenuItem, parent?: string): string => (parent ? `${parent}.${item.key}` : item.key);

function toAntItems(items: readonly MenuItem[], links: Record<string, string>, parent?: string): AntItem[] {
  return items.flatMap((item): AntItem[] => {
    if (item.externalLink && !links[item.externalLink]) return [];
    const key = itemKey(item, parent);
    const common = {
      key,
      label: item.label,
      icon: parent ? undefined : ICONS[item.key],
      'data-testid': `menu-${key}`,
    };
    if (item.children) return [{ ...common, children: toAntItems(item.children, links, key) }];
    return [common];
  });
}

function flatten(items: readonly MenuItem[], parent?: string): { key: string; item: MenuItem }[] {
  return items.flatMap((item) => {
    const key = itemKey(item, parent);
    return item.children ? flatten(item.children, key) : [{ key, item }];
  });
}

/** The entry whose path is the longest prefix of the current location. */
export function selectedMenuKey(items: readonly MenuItem[], pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const { key, item } of flatten(items)) {
    const path = item.path;
    if (!path || item.section) continue;
    if ((pathname === path || pathname.startsWith(`${path}/`)) && (!best || path.length > best.length)) {
      best = { key, length: path.length };
    }
  }
  return best?.key;
}

export function SideMenu({
  access,
  collapsed,
  onNavigate,
}: {
  access: AccessContext;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visible = useMemo(() => visibleMenu(MENU, access), [access]);
  const links = runtimeConfig().helpLinks;
  const entries = useMemo(() => new Map(flatten(visible).map(({ key, item }) => [key, item])), [visible]);
  const selected = selectedMenuKey(visible, pathname);

  const open: MenuProps['onClick'] = ({ key }) => {
    const item = entries.get(key);
    if (!item) return;
    if (item.externalLink) {
      window.open(links[item.externalLink], '_blank', 'noopener');
    } else if (item.path) {
      navigate(item.section ? `${item.path}#${item.section}` : item.path);
    }
    onNavigate?.();
  };

  return (
    <Menu
      mode="inline"
      data-testid="side-menu"
      inlineCollapsed={collapsed}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={selected?.includes('.') ? [selected.split('.')[0] ?? ''] : []}
      items={toAntItems(visible, links)}
      onClick={open}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
