import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A card and heading drawn from the theme's tokens: antd's Card brings Tabs, Dropdown and Menu, and Typography
 * its tooltip, editor and copy icons, into the login page.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      <div
        style={{
          width: '100%',
          maxWidth: 420,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <h1
          data-testid="auth-title"
          style={{
            margin: `0 0 ${token.marginMD}px`,
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading3,
            lineHeight: token.lineHeightHeading3,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {title}
        </h1>
        {children}
      </div>
    </Flex>
  );
}
