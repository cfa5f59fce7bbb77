import { changePassword } from '@atende/shared/contracts/auth/change-password';
import { PASSWORD_MIN_LENGTH } from '@atende/shared/contracts/auth/register-trial';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { callRoute } from '../../../lib/api/call-route.ts';
import type { MountedEmployee } from '../../../lib/session/account-api.ts';
import { SESSION_QUERY_KEYS } from '../../../lib/session/use-session.ts';

interface Values {
  current: string;
  next: string;
  confirm: string;
}

const SERVER_FIELDS: Record<string, keyof Values> = { current_password: 'current', new_password: 'next' };

const serverField = (error: unknown): keyof Values | undefined => {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return undefined;
  const data = error.data as { field?: unknown } | undefined;
  return typeof data?.field === 'string' ? SERVER_FIELDS[data.field] : undefined;
};

/**
 * An employee still on their initial password (firstLogin) must replace it before using the app: the modal
 * has no close button and ignores Escape and mask clicks; it goes away when the mounted employee, refetched
 * after the change, no longer has firstLogin.
 */
export function FirstLoginModal({ employee }: { employee: MountedEmployee }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const mutation = useMutation({
    mutationFn: (values: Values) =>
      callRoute(changePassword, {
        body: { current_password: values.current, new_password: values.next },
      }),
    onSuccess: async () => {
      void message.success(t('firstLogin.saved'));
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEYS.mount(employee._id) });
    },
    onError: (error) => {
      const field = serverField(error);
      if (field) form.setFields([{ name: field, errors: [error.message] }]);
    },
  });
  const required = { required: true, message: t('forms.requiredField') };
  const generalError = mutation.error && !serverField(mutation.error) ? mutation.error : undefined;

  return (
    <Modal
      open={employee.firstLogin}
      title={t('firstLogin.title')}
      closable={false}
      keyboard={false}
      maskClosable={false}
      okText={t('firstLogin.submit')}
      onOk={() => form.submit()}
      confirmLoading={mutation.isPending}
      okButtonProps={{ 'data-testid': 'first-login-submit' }}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <div data-testid="first-login-modal">
        <Typography.Paragraph>{t('firstLogin.text')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(values) => mutation.mutate(values)}>
          <Form.Item name="current" label={t('firstLogin.currentPassword')} rules={[required]}>
            <Input.Password data-testid="first-login-current" autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="next"
            label={t('firstLogin.newPassword')}
            dependencies={['current']}
            rules={[
              required,
              {
                min: PASSWORD_MIN_LENGTH,
                message: t('auth.passwordMin', { min: String(PASSWORD_MIN_LENGTH) }),
              },
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  value && value === getFieldValue('current')
                    ? Promise.reject(new Error(t('firstLogin.passwordUnchanged')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input.Password data-testid="first-login-new" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('firstLogin.confirmPassword')}
            dependencies={['next']}
            rules={[
              required,
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  !value || value === getFieldValue('next')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('firstLogin.passwordMismatch'))),
              }),
            ]}
          >
            <Input.Password data-testid="first-login-confirm" autoComplete="new-password" />
          </Form.Item>
        </Form>
        {generalError && (
          <Alert
            type="error"
            showIcon
            title={generalError instanceof ApiRequestError ? generalError.message : t('firstLogin.failed')}
          />
        )}
      </div>
    </Modal>
  );
}
