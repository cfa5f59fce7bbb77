import { LIMITS } from '@atende/shared/domain/constants';
import type { CustomerChannel } from '@atende/shared/domain/customer';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { checkMigration, migrationFailureMessage } from '@atende/shared/rules/migration';
import { App, Avatar, Button, Checkbox, Flex, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { putMigration } from '../api/side-data-api.ts';
import defaultAvatar from '../assets/default-avatar.svg';
import { badgeColor, channelBadgeLabel } from '../state/migration-options.ts';

const labels = ptBR.migration;
const TOAST_SECONDS = LIMITS.toastDurationMs / 1000;

export interface MigrationCustomer {
  _id: string;
  full_name: string;
  avatar?: string | undefined;
  cel_phone?: string | undefined;
  channel: CustomerChannel;
}

interface MigrateModalProps {
  open: boolean;
  customer: MigrationCustomer;
  integrations: { value: string; label: string }[];
  employeeId: string;
  companyId: string;
  onClose: () => void;
  /** The page reload of spec point 4; injectable so the flow can be followed without leaving the page. */
  reload?: () => void;
}

/** Spec points 2, 4, 5, 8: migrate a contact to WhatsApp. */
export function MigrateModal(props: MigrateModalProps) {
  const { customer, onClose } = props;
  const { message } = App.useApp();
  const [confirmed, setConfirmed] = useState(false);
  const [integration, setIntegration] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [avatarFailed, setAvatarFailed] = useState(false);

  const submit = async () => {
    const check = checkMigration({ confirmed, integrationId: integration, customer });
    if (!check.ok) {
      if ('message' in check) void message.error(check.message, TOAST_SECONDS);
      else onClose();
      return;
    }
    setBusy(true);
    try {
      await putMigration({
        employee: props.employeeId,
        companyId: props.companyId,
        company: props.companyId,
        customerId: customer._id,
        channel: 'whatsapp',
        ...(customer.cel_phone && { cel_phone: customer.cel_phone }),
        ...(integration && { whatsapp_integration: integration }),
        confirmed: true,
      });
      onClose();
      void message.success(ptBR.notices.processSucceeded, TOAST_SECONDS);
      setTimeout(props.reload ?? (() => window.location.reload()), LIMITS.migrationReloadMs);
    } catch (error) {
      onClose();
      const data = error instanceof ApiRequestError ? error.data : undefined;
      void message.error(migrationFailureMessage(readFailure(data)), TOAST_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      onCancel={onClose}
      title={labels.title}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="migrate-cancel">
          {labels.cancel}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          loading={busy}
          onClick={() => void submit()}
          data-testid="migrate-confirm"
        >
          {labels.confirm}
        </Button>,
      ]}
    >
      <Flex vertical gap={16} data-testid="migrate-modal">
        <Flex gap={12} align="center">
          <Avatar
            size={56}
            src={!customer.avatar || avatarFailed ? defaultAvatar : customer.avatar}
            onError={() => {
              setAvatarFailed(true);
              return false;
            }}
            alt={customer.full_name}
            data-testid="migrate-avatar"
          />
          <Flex vertical>
            <Typography.Text strong>{customer.full_name || ptBR.chat.unknownCustomer}</Typography.Text>
            <span>
              <Tag color={badgeColor(customer.channel)} data-testid="migrate-channel-badge">
                {channelBadgeLabel(customer.channel)}
              </Tag>
            </span>
          </Flex>
        </Flex>
        <Select
          value={integration}
          onChange={setIntegration}
          options={props.integrations}
          placeholder={labels.integrationPlaceholder}
          notFoundContent={ptBR.forms.noOptions}
          data-testid="migrate-integration"
        />
        <Checkbox
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          data-testid="migrate-confirm-check"
        >
          {labels.confirmLabel}
        </Checkbox>
      </Flex>
    </Modal>
  );
}

/**
 * Spec point 8: a failure "with a message" is the duplicate-number one. Our API puts a message on every error, so
 * only `data.message` (the spec's shape) or the duplicate text itself count as that message.
 */
function readFailure(body: unknown): { data?: { message?: string } } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { message?: unknown; data?: { message?: unknown } };
  if (typeof record.data?.message === 'string') return { data: { message: record.data.message } };
  return record.message === labels.duplicateNumber ? { data: { message: record.message } } : undefined;
}
