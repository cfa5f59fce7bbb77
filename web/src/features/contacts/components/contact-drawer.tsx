import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { DATA_PROTECTION_CHANNELS, LEGAL_BASES } from '@atende/shared/domain/data-protection';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Divider, Drawer, Flex, Form, Input, Radio, Select, Space } from 'antd';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import {
  contactFormValues,
  createBody,
  customFieldError,
  emailError,
  fullNameError,
  phoneError,
  updateBody,
  type ContactFormValues,
} from '../forms/contact-form.ts';
import { maskPhone } from '../forms/phone-mask.ts';
import { useCustomFields, useSaveContact, useTags, useWallets } from '../hooks/use-contacts.ts';
import { CustomFieldInput } from './custom-field-input.tsx';
import { ColorTag } from '../../../components/color-tag/color-tag.tsx';

const labels = ptBR.contactsScreens.contacts;
const screens = ptBR.contactsScreens;

const check = (fn: (value: string | undefined) => string | undefined) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const message = fn(value);
    if (message) throw new Error(message);
  },
});

export interface ContactDrawerProps {
  open: boolean;
  /** The contact being edited; none means a new one. */
  editing: ContactView | undefined;
  onClose: () => void;
}

/** Create or edit a contact: identity, tags, wallet, custom fields and data-protection consent. */
export function ContactDrawer({ open, editing, onClose }: ContactDrawerProps) {
  const [form] = Form.useForm<ContactFormValues>();
  const { message } = App.useApp();
  const tags = useTags();
  const wallets = useWallets();
  const customFields = useCustomFields();
  const { create, update } = useSaveContact();
  const masked = editing?.masked === true;
  const fields = customFields.data ?? [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(contactFormValues(editing));
  }, [open, editing, form]);

  const submit = async (values: ContactFormValues) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing._id, body: updateBody(values, fields, masked) });
        void message.success(labels.updated, LIMITS.toastDurationMs / 1000);
      } else {
        await create.mutateAsync(createBody(values, fields));
        void message.success(labels.created, LIMITS.toastDurationMs / 1000);
      }
      onClose();
    } catch (error) {
      const field = error instanceof ApiRequestError ? (error.data as { field?: unknown })?.field : undefined;
      const text = error instanceof ApiRequestError ? error.message : screens.common.saveFailed;
      // A taken phone or e-mail (409) belongs under its field, where the user fixes it.
      if (field === 'cel_phone' || field === 'email') form.setFields([{ name: field, errors: [text] }]);
      else void message.error(text, LIMITS.toastDurationMs / 1000);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? labels.editTitle : labels.createTitle}
      size={520}
      destroyOnHidden
      data-testid="contact-drawer"
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{screens.common.cancel}</Button>
          <Button
            type="primary"
            loading={create.isPending || update.isPending}
            onClick={() => form.submit()}
            data-testid="contact-form-submit"
          >
            {screens.common.save}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={contactFormValues(undefined)}>
        {masked && <Alert type="info" showIcon title={labels.maskedNotice} style={{ marginBottom: 16 }} />}
        <Form.Item name="full_name" label={labels.fullName} rules={[check(fullNameError)]} required>
          <Input maxLength={120} data-testid="contact-form-full_name" />
        </Form.Item>
        <Form.Item
          name="cel_phone"
          label={labels.phone}
          rules={masked ? [] : [check(phoneError)]}
          getValueFromEvent={(event: { target: { value: string } }) => maskPhone(event.target.value)}
        >
          <Input
            disabled={masked}
            inputMode="tel"
            placeholder="(11) 98765-4321"
            maxLength={32}
            data-testid="contact-form-cel_phone"
          />
        </Form.Item>
        <Form.Item name="email" label={labels.email} rules={masked ? [] : [check(emailError)]}>
          <Input disabled={masked} type="email" maxLength={254} data-testid="contact-form-email" />
        </Form.Item>
        <Form.Item name="tags" label={labels.tags}>
          <Select
            mode="multiple"
            loading={tags.isLoading}
            optionFilterProp="label"
            notFoundContent={ptBR.forms.noOptions}
            options={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name, color: tag.color }))}
            optionRender={(option) => <ColorTag color={option.data.color}>{option.data.label}</ColorTag>}
            data-testid="contact-form-tags"
          />
        </Form.Item>
        <Form.Item name="wallet" label={labels.wallet}>
          <Select
            allowClear
            loading={wallets.isLoading}
            placeholder={labels.noWallet}
            notFoundContent={ptBR.forms.noOptions}
            options={(wallets.data ?? []).map((wallet) => ({ value: wallet._id, label: wallet.name }))}
            data-testid="contact-form-wallet"
          />
        </Form.Item>
        {fields.length > 0 && <Divider titlePlacement="start">{labels.customFields}</Divider>}
        {fields.map((field) => (
          <Form.Item
            key={field.key}
            name={['custom_fields', field.key]}
            label={field.label}
            required={field.required}
            rules={[
              {
                validator: async (_: unknown, value: unknown) => {
                  const problem = customFieldError(field, value);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <CustomFieldInput field={field} />
          </Form.Item>
        ))}
        <Divider titlePlacement="start">{labels.dataProtection}</Divider>
        <Form.Item name="legal_basis" label={labels.legalBasis}>
          <Select
            options={LEGAL_BASES.map((basis) => ({ value: basis, label: screens.legalBases[basis] }))}
            data-testid="contact-form-legal_basis"
          />
        </Form.Item>
        <Form.Item label={labels.consentChannels}>
          <Space direction="vertical">
            {DATA_PROTECTION_CHANNELS.map((channel) => (
              <Flex key={channel} align="center" gap={12}>
                <span style={{ width: 170 }}>{screens.consentChannels[channel]}</span>
                <Form.Item name={['consent', channel]} noStyle>
                  <Radio.Group
                    optionType="button"
                    size="small"
                    options={[
                      { value: 'opt_in', label: screens.subscription.opt_in },
                      { value: 'none', label: screens.subscription.none },
                    ]}
                    data-testid={`contact-form-consent-${channel}`}
                  />
                </Form.Item>
              </Flex>
            ))}
          </Space>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
