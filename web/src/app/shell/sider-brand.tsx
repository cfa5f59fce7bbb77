import { theme } from 'antd';
import { Link } from 'react-router-dom';
import { Wordmark } from '../../components/brand/brand.tsx';

/** The product's logo atop the menu (the name too when the menu is wide); it leads home. */
export function SiderBrand({ collapsed }: { collapsed: boolean }) {
  const { token } = theme.useToken();
  return (
    <Link
      to="/app/home"
      aria-label="Atende"
      style={{
        display: 'flex',
        justifyContent: collapsed ? 'center' : 'flex-start',
        alignItems: 'center',
        height: 64,
        paddingInline: collapsed ? 0 : 24,
      }}
      data-testid="sider-brand"
    >
      <Wordmark
        color={token.colorPrimary}
        markColor={token.colorBgContainer}
        textColor={token.colorTextHeading}
        showName={!collapsed}
      />
    </Link>
  );
}
