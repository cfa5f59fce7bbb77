import { Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { loginPath } from '../../../config/runtime-config.ts';
import { hasSession } from '../../../lib/api/tokens.ts';
import { useAfterSignIn } from '../hooks/use-after-sign-in.ts';

/**
 * Return point of the platform's accounts page. Sign-in here is by the product's own tokens, so a stored session
 * continues to the wanted page and anything else goes to the login page.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const afterSignIn = useAfterSignIn();
  useEffect(() => {
    if (hasSession()) afterSignIn();
    else navigate(loginPath(), { replace: true });
  }, [afterSignIn, navigate]);
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
      <Spin tip={t('auth.callback')} data-testid="auth-callback" />
    </Flex>
  );
}
