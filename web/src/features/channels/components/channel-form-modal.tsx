import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { WIDGET_DEFAULTS } from '@atende/shared/contracts/integrations/record-fields';
import { OFFICIAL_PROVIDERS } from '@atende/shared/contracts/integrations/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App, Button, Flex, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import type { ChannelChoice, ChannelField } from '../forms/channel-fields.ts';
import { CHANNEL_TYPES, channelFields } from '../forms/channel-fields.ts';
import type { ChannelFormMode, ChannelFormValues } from '../forms/channel-form.ts';
import {
  checkedCreateBody,
  checkedUpdateBody,
  choiceOf,
  fieldError,
  initialValues,
  labelError,
  savedValue,
  secretKept,
  validateChannelForm,
} from '../forms/channel-form.ts';
import type { useChannelMutations } from '../hooks/use-channels.ts';
import { CHANNEL_ICONS } from './channel-type.tsx';
import { InfoPopover } from './info-popover.tsx';

const labels = ptBR.channelsScreens;
const toastSeconds = LIMITS.toastDurationMs / 1000;

export interface ChannelFormModalProps {
  open: boolean;
  /** The integration being edited; none means a new one. */
  editing: IntegrationView | undefined;
  mutations: ReturnType<typeof useChannelMutations>;
  onClose: () => void;
  onCreated: (view: IntegrationView) => void;
  /** After an edit (a new e-mail address waits for its code). */
  onSaved?: ((view: IntegrationView) => void) | undefined;
  /** A new channel's kind chosen beforehand (the header's 'Conectar WhatsApp'). */
  preset?: ChannelChoice | undefined;
}

const asError = (message: string | undefined) => {
  if (message) throw new Error(message);
};

function FieldLabel({ name, field }: { name: string; field?: ChannelField }) {
  const key = name as keyof typeof labels.fields;
  return (
    <Space size={6}>
      {labels.fields[key]}
      <InfoPopover
        text={labels.help[key]}
        learnMore={field?.learnMore}
        testId={`channel-form-${name}-info`}
      />
    </Space>
  );
}

/** Adds a channel of any kind with its credentials, or edits one: label, identifiers and rotated secrets. */
export function ChannelFormModal({
  open,
  editing,
  mutations,
  onClose,
  onCreated,
  onSaved,
  preset,
}: ChannelFormModalProps) {
  const [form] = Form.useForm<ChannelFormValues>();
  const { message } = App.useApp();
  const [choice, setChoice] = useState<ChannelChoice>();
  const [replacing, setReplacing] = useState<ReadonlySet<string>>(new Set());
  const mode: ChannelFormMode = { editing: editing !== undefined, replacing };
  const saving = mutations.create.isPending || mutations.update.isPending;

  useEffect(() => {
    if (!open) return;
    setReplacing(new Set());
    setChoice(editing ? choiceOf(editing) : preset);
    form.resetFields();
    if (editing) form.setFieldsValue(initialValues(editing));
  }, [open, editing, preset, form]);

  const choose = (next: ChannelChoice) => {
    setChoice(next);
    form.resetFields();
    if (next.type === 'widget') form.setFieldsValue({ color: WIDGET_DEFAULTS.color });
  };

  const toggleReplace = (name: string, replace: boolean) => {
    const next = new Set(replacing);
    if (replace) next.add(name);
    else next.delete(name);
    setReplacing(next);
    form.setFieldValue(name, undefined);
  };

  const refuse = (errors: Record<string, string>) =>
    form.setFields(Object.entries(errors).map(([name, error]) => ({ name, errors: [error] })));

  const save = async (values: ChannelFormValues, target: ChannelChoice) => {
    // antd only runs the rules of mounted items; the values sent are checked whole before the contract sees them.
    const own = validateChannelForm(target, values, mode);
    if (Object.keys(own).length > 0) return refuse(own);
    if (editing) {
      const checked = checkedUpdateBody(target, values, mode);
      if (!checked.ok) return refuse(checked.errors);
      const saved = await mutations.update.mutateAsync({ id: editing._id, body: checked.body });
      void message.success(labels.updated, toastSeconds);
      onClose();
      onSaved?.(saved);
      return;
    }
    const checked = checkedCreateBody(target, values);
    if (!checked.ok) return refuse(checked.errors);
    const created = await mutations.create.mutateAsync(checked.body);
    void message.success(labels.created, toastSeconds);
    onCreated(created);
  };

  const submit = async (values: ChannelFormValues) => {
    if (!choice) return;
    try {
      await save(values, choice);
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : labels.saveFailed, toastSeconds);
    }
  };

  const secretInput = (field: ChannelField) => {
    if (!editing)
      return <Input.Password autoComplete="new-password" data-testid={`channel-form-${field.name}`} />;
    if (secretKept(field, mode))
      return (
        <Space.Compact style={{ width: '100%' }}>
          <Input disabled value={savedValue(editing, field.name) ?? labels.secretSaved} />
          <Button
            onClick={() => toggleReplace(field.name, true)}
            data-testid={`channel-form-${field.name}-replace`}
          >
            {labels.replaceSecret}
          </Button>
        </Space.Compact>
      );
    return (
      <Space.Compact style={{ width: '100%' }}>
        <Input.Password autoComplete="new-password" data-testid={`channel-form-${field.name}`} />
        <Button onClick={() => toggleReplace(field.name, false)}>{labels.keepSecret}</Button>
      </Space.Compact>
    );
  };

  const fieldItem = (field: ChannelField) => {
    const input = field.secret ? (
      secretInput(field)
    ) : field.multiline ? (
      <Input.TextArea rows={2} maxLength={280} data-testid={`channel-form-${field.name}`} />
    ) : (
      <Input data-testid={`channel-form-${field.name}`} />
    );
    // A kept secret has no value in the form: its Form.Item has no name and so no rule.
    if (field.secret && secretKept(field, mode))
      return (
        <Form.Item key={field.name} label={<FieldLabel name={field.name} field={field} />}>
          {input}
        </Form.Item>
      );
    return (
      <Form.Item
        key={field.name}
        name={field.name}
        label={<FieldLabel name={field.name} field={field} />}
        required={field.required}
        rules={[{ validator: async (_, value?: string) => asError(fieldError(field, value, mode)) }]}
      >
        {input}
      </Form.Item>
    );
  };

  return (
    <Modal
      open={open}
      title={editing ? labels.editTitle : labels.addTitle}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={labels.submit}
      cancelText={ptBR.forms.cancel}
      okButtonProps={{ disabled: !choice, 'data-testid': 'channel-form-submit' }}
      confirmLoading={saving}
      destroyOnHidden
      width={600}
      data-testid="channel-form-modal"
    >
      {!editing && (
        <Flex vertical gap={8} style={{ marginBottom: 16 }}>
          <Typography.Text strong>{labels.chooseType}</Typography.Text>
          <Flex wrap gap={8}>
            {CHANNEL_TYPES.map((type) => (
              <Button
                key={type}
                icon={CHANNEL_ICONS[type]}
                type={choice?.type === type ? 'primary' : 'default'}
                onClick={() => choose(type === 'official' ? { type, provider: 'meta' } : { type })}
                data-testid={`channel-type-${type}`}
              >
                {labels.types[type]}
              </Button>
            ))}
          </Flex>
          {choice?.type === 'official' && (
            <>
              <Typography.Text strong>{labels.chooseProvider}</Typography.Text>
              <Radio.Group
                optionType="button"
                value={choice.provider}
                onChange={(event) => choose({ type: 'official', provider: event.target.value })}
                options={OFFICIAL_PROVIDERS.map((provider) => ({
                  value: provider,
                  label: (
                    <span data-testid={`channel-provider-${provider}`}>{labels.providers[provider]}</span>
                  ),
                }))}
              />
            </>
          )}
        </Flex>
      )}
      {choice && (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} preserve={false}>
          <Form.Item
            name="label"
            label={<FieldLabel name="label" />}
            required
            rules={[{ validator: async (_, value?: string) => asError(labelError(value)) }]}
          >
            <Input maxLength={60} data-testid="channel-form-label" />
          </Form.Item>
          {channelFields(choice).map(fieldItem)}
        </Form>
      )}
    </Modal>
  );
}
