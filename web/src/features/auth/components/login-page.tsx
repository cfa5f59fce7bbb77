import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiRequestError, GENERIC_ERROR_MESSAGE } from '../../../lib/api/api-error.ts';
import { BLOCKED_REASON_PARAM } from '../../../lib/session/logout.ts';
import type { Credentials } from '../api/sign-in.ts';
import { useAfterSignIn } from '../hooks/use-after-sign-in.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * The sign-in call brings the API contracts and zod (about 30 KB gzip): fetched once the user starts typing, so
 * the form paints without them and the submit rarely waits.
 */
const loadSignIn = () => import('../api/sign-in.ts');

export function LoginPage() {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | undefined>(() =>
    params.has(BLOCKED_REASON_PARAM) ? t('errors.accountBlocked') : undefined,
  );
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Credentials) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const { signIn } = await loadSignIn();
      await signIn(values);
      afterSignIn();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('auth.loginTitle')}>
      <Form<Credentials>
        layout="vertical"
        onFinish={submit}
        onValuesChange={() => void loadSignIn()}
        data-testid="login-form"
        requiredMark={false}
      >
        {error && (
          <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} data-testid="login-error" />
        )}
        <Form.Item
          name="email"
          label={t('auth.email')}
          rules={[
            { required: true, message: t('forms.requiredField') },
            { type: 'email', message: t('auth.invalidEmail') },
          ]}
        >
          <Input type="email" autoComplete="username" data-testid="login-email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[{ required: true, message: t('forms.requiredField') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
          {t('auth.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/trial/register/essential" data-testid="login-signup-link">
          {t('auth.createTrial')}
        </Link>
      </div>
    </AuthCard>
  );
}
