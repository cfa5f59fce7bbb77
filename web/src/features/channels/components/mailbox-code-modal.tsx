import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { channelKeys, confirmMailboxCode, resendMailbox } from '../api/channels-api.ts';

const labels = ptBR.channelsScreens.mailbox;
const toastSeconds = LIMITS.toastDurationMs / 1000;

const failure = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : ptBR.channelsScreens.saveFailed;

/** The address an e-mail channel waits to prove, if any. */
export const mailboxPending = (view: IntegrationView | undefined) =>
  view && 'mailbox_confirmation' in view ? view.mailbox_confirmation : undefined;

/**
 * Step two of an e-mail channel: the admin types the code mailed to the address (they must be able to read
 * that mailbox), or asks for another one. Until then the channel receives nothing on the new address.
 */
export function MailboxCodeModal({
  view,
  onClose,
}: {
  view: IntegrationView | undefined;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const pending = mailboxPending(view);
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelKeys.all });
  const confirm = useMutation({
    mutationFn: (typed: string) => confirmMailboxCode(view?._id ?? '', typed),
    onSuccess: refresh,
  });
  const resend = useMutation({ mutationFn: () => resendMailbox(view?._id ?? ''), onSuccess: refresh });

  useEffect(() => {
    setCode('');
    setError(undefined);
  }, [view?._id]);

  const submit = async () => {
    if (!/^\d{6}$/.test(code)) return setError(labels.codeRequired);
    try {
      await confirm.mutateAsync(code);
      void message.success(labels.confirmed, toastSeconds);
      onClose();
    } catch (caught) {
      // The boxes empty for the next try; the reason stays under them.
      setCode('');
      setError(failure(caught));
    }
  };

  const again = async () => {
    try {
      await resend.mutateAsync();
      setCode('');
      setError(undefined);
      void message.success(labels.resent, toastSeconds);
    } catch (caught) {
      setError(failure(caught));
    }
  };

  return (
    <Modal
      open={pending !== undefined}
      title={labels.title}
      onCancel={onClose}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Button onClick={() => void again()} loading={resend.isPending} data-testid="mailbox-code-resend">
            {labels.resend}
          </Button>
          <Flex gap={8}>
            <Button onClick={onClose}>{labels.later}</Button>
            <Button
              type="primary"
              onClick={() => void submit()}
              loading={confirm.isPending}
              data-testid="mailbox-code-submit"
            >
              {labels.submit}
            </Button>
          </Flex>
        </Flex>
      }
      data-testid="mailbox-code-modal"
    >
      {pending && (
        <Flex vertical gap={12}>
          <Typography.Text>{interpolate(labels.sent, { address: pending.address })}</Typography.Text>
          {pending.receiving && (
            <Typography.Text type="secondary">
              {interpolate(labels.receiving, { address: pending.receiving })}
            </Typography.Text>
          )}
          <Form layout="vertical" onFinish={() => void submit()}>
            <Form.Item
              label={labels.code}
              validateStatus={error ? 'error' : undefined}
              help={error}
              htmlFor="mailbox-code"
            >
              <Input.OTP
                id="mailbox-code"
                length={6}
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setError(undefined);
                }}
                formatter={(value) => value.replace(/\D/g, '')}
                aria-label={labels.code}
                data-testid="mailbox-code-input"
              />
            </Form.Item>
          </Form>
        </Flex>
      )}
    </Modal>
  );
}
