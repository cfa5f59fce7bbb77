import { PASSWORD_MIN_LENGTH } from '@atende/shared/contracts/auth/register-trial';
import type { PlanCode } from '@atende/shared/domain/constants';
import { PLAN_CODES } from '@atende/shared/domain/constants';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { ApiRequestError, GENERIC_ERROR_MESSAGE } from '../../../lib/api/api-error.ts';
import { loginPath } from '../../../config/runtime-config.ts';
import type { TrialSignUp } from '../api/sign-in.ts';
import { signUpForTrial } from '../api/sign-in.ts';
import { useAfterSignIn } from '../hooks/use-after-sign-in.ts';
import { AuthCard } from './auth-card.tsx';

type SignUpForm = Omit<TrialSignUp, 'account_type'>;

const isPlanCode = (value: string | undefined): value is PlanCode =>
  value !== undefined && (PLAN_CODES as readonly string[]).includes(value);

export function SignUpPage() {
  const { t } = useTranslation();
  const { account_type: accountType } = useParams();
  const afterSignIn = useAfterSignIn();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  if (!isPlanCode(accountType)) return <Navigate to="/error" replace />;

  const required = { required: true, message: t('forms.requiredField') };
  const submit = async (values: SignUpForm) => {
    setSubmitting(true);
    setError(undefined);
    try {
      await signUpForTrial({ ...values, account_type: accountType });
      afterSignIn();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('auth.signupTitle')}>
      <Form<SignUpForm> layout="vertical" onFinish={submit} data-testid="signup-form" requiredMark={false}>
        {error && (
          <Alert
            type="error"
            title={error}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="signup-error"
          />
        )}
        <Form.Item
          name="company_name"
          label={t('auth.companyName')}
          rules={[{ ...required, whitespace: true }]}
        >
          <Input autoComplete="organization" data-testid="signup-company-name" />
        </Form.Item>
        <Form.Item name="name" label={t('auth.name')} rules={[{ ...required, whitespace: true }]}>
          <Input autoComplete="name" data-testid="signup-name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('auth.email')}
          rules={[required, { type: 'email', message: t('auth.invalidEmail') }]}
        >
          <Input type="email" autoComplete="email" data-testid="signup-email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[
            required,
            {
              min: PASSWORD_MIN_LENGTH,
              message: t('auth.passwordMin', { min: String(PASSWORD_MIN_LENGTH) }),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="signup-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="signup-submit">
          {t('auth.signupSubmit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={loginPath()}>{t('auth.haveAccount')}</Link>
      </div>
    </AuthCard>
  );
}
