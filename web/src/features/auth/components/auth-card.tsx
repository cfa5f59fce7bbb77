import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '../../../components/brand/brand.tsx';

/** What the product does, beside the form on wide screens and under it on a phone. */
function BrandPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const points = [t('auth.brandPoint1'), t('auth.brandPoint2'), t('auth.brandPoint3')];
  return (
    <section
      style={{
        flex: '1 1 380px',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: token.marginLG,
        padding: `${token.paddingXL}px clamp(24px, 6vw, 72px)`,
        background: token.colorPrimary,
        color: token.colorTextLightSolid,
      }}
      data-testid="auth-brand"
    >
      <Wordmark
        color={token.colorTextLightSolid}
        markColor={token.colorPrimary}
        textColor={token.colorTextLightSolid}
        size={40}
      />
      <p
        style={{
          margin: 0,
          fontSize: token.fontSizeHeading3,
          lineHeight: 1.3,
          fontWeight: 600,
          maxWidth: 440,
        }}
      >
        {t('auth.brandHeadline')}
      </p>
      <ul style={{ margin: 0, paddingInlineStart: 20, lineHeight: 1.9, fontSize: token.fontSizeLG }}>
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The sign-in and sign-up screens: the product's brand and the form. Drawn from the theme's tokens with plain
 * elements: antd's Card brings Tabs, Dropdown and Menu, and Typography its tooltip, editor and copy icons, into
 * the login page. On a phone the form comes first (wrap-reverse), the brand below it.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex wrap="wrap-reverse" style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <BrandPanel />
      <Flex flex="1 1 420px" justify="center" align="center" style={{ padding: token.paddingLG }}>
        <main
          style={{
            width: '100%',
            maxWidth: 400,
            padding: token.paddingLG,
            background: token.colorBgContainer,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <div style={{ marginBottom: token.marginLG }}>
            <Wordmark
              color={token.colorPrimary}
              markColor={token.colorBgContainer}
              textColor={token.colorTextHeading}
            />
          </div>
          <h1
            data-testid="auth-title"
            style={{
              margin: `0 0 ${token.marginMD}px`,
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading4,
              lineHeight: token.lineHeightHeading4,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {title}
          </h1>
          {children}
        </main>
      </Flex>
    </Flex>
  );
}
