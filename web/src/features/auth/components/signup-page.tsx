import { PASSWORD_MIN_LENGTH } from '@atende/shared/contracts/auth/register-trial';
import type { PlanCode } from '@atende/shared/domain/constants';
import { PLAN_CODES } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { ApiRequestError, GENERIC_ERROR_MESSAGE } from '../../../lib/api/api-error.ts';
import { loginPath } from '../../../config/runtime-config.ts';
import type { TrialSignUp } from '../api/sign-in.ts';
import { confirmationTokenOf, confirmTrialSignUp, signUpForTrial } from '../api/sign-in.ts';
import { useAfterSignIn } from '../hooks/use-after-sign-in.ts';
import { AuthCard } from './auth-card.tsx';

type SignUpForm = Omit<TrialSignUp, 'account_type'>;

const isPlanCode = (value: string | undefined): value is PlanCode =>
  value !== undefined && (PLAN_CODES as readonly string[]).includes(value);

const failureText = (failure: unknown) =>
  failure instanceof ApiRequestError ? failure.message : GENERIC_ERROR_MESSAGE;

/** Opening the mailed link (`#confirm=<token>`) creates the company and lands signed in. */
function useConfirmationLink(onError: (message: string) => void) {
  const location = useLocation();
  const afterSignIn = useAfterSignIn();
  const token = confirmationTokenOf(location.hash);
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirmTrialSignUp(token)
      .then(afterSignIn)
      .catch((failure: unknown) => onError(failureText(failure)));
  }, [token, afterSignIn, onError]);
  return token;
}

export function SignUpPage() {
  const { t } = useTranslation();
  const { account_type: accountType } = useParams();
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [confirmFailed, setConfirmFailed] = useState(false);
  const confirming = useConfirmationLink((message) => {
    setConfirmFailed(true);
    setError(message);
  });

  if (!isPlanCode(accountType)) return <Navigate to="/error" replace />;
  if (confirming && !confirmFailed) {
    return (
      <AuthCard title={t('auth.signupTitle')}>
        <Spin tip={ptBR.accounts.signUpConfirming} data-testid="signup-confirming">
          <div style={{ minHeight: 80 }} />
        </Spin>
      </AuthCard>
    );
  }
  if (sentTo) {
    return (
      <AuthCard title={t('auth.signupTitle')}>
        <Alert
          type="success"
          showIcon
          title={interpolate(ptBR.accounts.signUpSent, { email: sentTo })}
          data-testid="signup-sent"
        />
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to={loginPath()}>{t('auth.haveAccount')}</Link>
        </div>
      </AuthCard>
    );
  }

  const required = { required: true, message: t('forms.requiredField') };
  const submit = async (values: SignUpForm) => {
    setSubmitting(true);
    setError(undefined);
    try {
      await signUpForTrial({ ...values, account_type: accountType });
      setSentTo(values.email.trim());
    } catch (failure) {
      setError(failureText(failure));
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
