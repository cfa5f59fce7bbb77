import { MenuOutlined } from '@ant-design/icons';
import { nextMenuDisplayState } from '@atende/shared/routes/menu';
import { Alert, Button, ConfigProvider, Drawer, Flex, Layout } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { setCompanyTimezone } from '../../lib/dates/dates.ts';
import { connectionLostAtom } from '../../lib/session/realtime-state.ts';
import { useOwnProfile } from '../../lib/session/profile-api.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { TmailBadge } from '../../features/t-mail/components/tmail-badge.tsx';
import { FullPageSpinner } from '../router/full-page-spinner.tsx';
import { SessionRuntime } from '../session/session-runtime.tsx';
import { TrialCountdown } from '../session/trial-countdown.tsx';
import { AccountMenu } from './account-menu.tsx';
import { ChannelHealth } from './channel-health.tsx';
import { menuDisplayAtom, menuLayout, mobileDrawerOpenAtom } from './menu-state.ts';
import { InstagramStatus } from './instagram-status.tsx';
import { NotificationsBell } from './notifications-bell.tsx';
import { SideMenu } from './side-menu.tsx';
import { SiderBrand } from './sider-brand.tsx';
import { ThemePicker } from './theme-picker.tsx';
import { useScreenSize } from '../../lib/screen/use-screen.ts';

const WIDE = 240;
const NARROW = 80;

/** The authenticated shell: menu, header (trial countdown, theme, account menu), alerts and session modals. */
export function ShellLayout() {
  const { t } = useTranslation();
  const { mount, access } = useSession();
  const screen = useScreenSize();
  const [display, setDisplay] = useAtom(menuDisplayAtom);
  const [drawerOpen, setDrawerOpen] = useAtom(mobileDrawerOpenAtom);
  const connectionLost = useAtomValue(connectionLostAtom);
  const employee = mount.data;
  const direction = useOwnProfile().data?.direction ?? 'ltr';

  // The employee's text direction (spec point 1: stored as ltr or rtl) applies to the whole document.
  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);

  useEffect(
    () => setCompanyTimezone(employee?.company.settings.timezone),
    [employee?.company.settings.timezone],
  );

  if (!employee || !access) return <FullPageSpinner />;
  const layout = menuLayout(display, screen, drawerOpen);

  const toggle = () => {
    if (screen === 'mobile') {
      setDrawerOpen(!drawerOpen);
      return;
    }
    const next = nextMenuDisplayState(display);
    setDisplay(next);
    setDrawerOpen(next === 'overlay');
  };

  return (
    <ConfigProvider direction={direction}>
      <Layout style={{ minHeight: '100vh' }} data-testid="shell" data-direction={direction}>
        {layout.sider !== 'none' && (
          <Layout.Sider
            theme="light"
            width={WIDE}
            collapsedWidth={NARROW}
            collapsed={layout.sider === 'narrow'}
            trigger={null}
            collapsible
            style={{ overflow: 'auto', height: '100vh', position: 'sticky', top: 0 }}
          >
            <SiderBrand collapsed={layout.sider === 'narrow'} />
            <SideMenu access={access} collapsed={layout.sider === 'narrow'} />
          </Layout.Sider>
        )}
        <Drawer
          open={layout.drawer}
          placement="left"
          size={WIDE}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          <SiderBrand collapsed={false} />
          <SideMenu access={access} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
        <Layout>
          <Layout.Header style={{ paddingInline: screen === 'mobile' ? 4 : 16, background: 'transparent' }}>
            <Flex align="center" gap={screen === 'mobile' ? 0 : 12} style={{ height: '100%' }}>
              <Button
                type="text"
                icon={<MenuOutlined />}
                onClick={toggle}
                aria-label={screen === 'mobile' ? t('shell.openMenu') : t('shell.menuDisplay')}
                data-testid="menu-display-toggle"
                data-menu-state={screen === 'mobile' ? 'mobile' : display}
              />
              <TrialCountdown employee={employee} />
              <Flex flex={1} />
              <TmailBadge />
              <NotificationsBell />
              <InstagramStatus />
              <ChannelHealth />
              <ThemePicker employeeId={employee._id} />
              <AccountMenu employee={employee} access={access} />
            </Flex>
          </Layout.Header>
          {connectionLost && (
            <Alert banner type="error" title={t('errors.disconnected')} data-testid="disconnected-alert" />
          )}
          <Layout.Content style={{ padding: screen === 'mobile' ? 12 : 24 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
        <SessionRuntime employee={employee} />
      </Layout>
    </ConfigProvider>
  );
}
