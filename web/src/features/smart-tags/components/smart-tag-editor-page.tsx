import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { smartTagBody } from '@atende/shared/contracts/smart-tags/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { MAX_SMART_TAG_CONDITIONS } from '@atende/shared/rules/smart-tags-schema';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Form, Input, Radio, Skeleton, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { emptyRule, newCondition, type RuleFormValues, toBody, toFormValues } from '../forms/rule-form.ts';
import { useChoices, usePreview, useSaveSmartTag, useSmartTag } from '../hooks/use-smart-tags.ts';
import { ConditionRow } from './condition-row.tsx';
import { MembersList } from './members-list.tsx';
import { SMART_TAGS_PATH } from './smart-tags-page.tsx';
import { StatusTag } from './status-tag.tsx';
import { ColorField } from '../../../components/color-field/color-field.tsx';

const labels = ptBR.smartTags.screens;
const common = ptBR.contactsScreens.common;
const toastSeconds = LIMITS.toastDurationMs / 1000;

const schemaRule = (schema: z.ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const parsed = schema.safeParse(value ?? undefined);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  },
});

interface PageProps {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}

/** Starts from the stored rule; the edit page remounts it (by key) when the rule was saved, not on every poll. */
function RuleForm({ editing }: { editing?: SmartTagView }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleFormValues>();
  const choices = useChoices();
  const preview = usePreview();
  const { create, update } = useSaveSmartTag();

  const fail = (error: unknown) =>
    void message.error(error instanceof ApiRequestError ? error.message : common.saveFailed, toastSeconds);

  const submit = async (values: RuleFormValues) => {
    try {
      const body = toBody(values);
      if (editing) {
        await update.mutateAsync({ id: editing._id, body });
        void message.success(labels.updated, toastSeconds);
      } else {
        const created = await create.mutateAsync(body);
        void message.success(labels.created, toastSeconds);
        navigate(`${SMART_TAGS_PATH}/${created._id}`);
      }
    } catch (error) {
      fail(error);
    }
  };

  const runPreview = async () => {
    try {
      const values = await form.validateFields(['conditions'], { recursive: true });
      const { match, conditions } = toBody({ ...form.getFieldsValue(true), ...values } as RuleFormValues);
      preview.mutate({ match, conditions }, { onError: fail });
    } catch {
      // The form shows what to fix on each condition.
    }
  };

  const result = preview.data;
  return (
    <Form<RuleFormValues>
      form={form}
      layout="vertical"
      initialValues={editing ? toFormValues(editing) : emptyRule()}
      onFinish={submit}
      data-testid="smart-tag-form"
      onValuesChange={() => preview.reset()}
    >
      <Flex gap={16} wrap>
        <Form.Item
          name="name"
          label={labels.name}
          rules={[schemaRule(smartTagBody.shape.name)]}
          required
          style={{ minWidth: 280 }}
        >
          <Input maxLength={40} data-testid="smart-tag-form-name" />
        </Form.Item>
        <Form.Item
          name="color"
          label={labels.color}
          rules={[schemaRule(smartTagBody.shape.color)]}
          getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}
          required
        >
          <ColorField showText disabledAlpha data-testid="smart-tag-form-color" />
        </Form.Item>
      </Flex>
      <Form.Item name="match" label={labels.match}>
        <Radio.Group
          options={[
            { value: 'all', label: labels.matchAll },
            { value: 'any', label: labels.matchAny },
          ]}
          data-testid="smart-tag-form-match"
        />
      </Form.Item>
      <Typography.Text strong>{labels.conditions}</Typography.Text>
      <Form.List name="conditions">
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical style={{ marginTop: 8 }}>
            {fields.map((field) => (
              <ConditionRow
                key={field.key}
                form={form}
                name={field.name}
                choices={choices}
                removable={fields.length > 1}
                onRemove={() => remove(field.name)}
              />
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_SMART_TAG_CONDITIONS}
              onClick={() => add(newCondition())}
              style={{ width: 'fit-content' }}
              data-testid="smart-tag-condition-add"
            >
              {labels.addCondition}
            </Button>
          </Flex>
        )}
      </Form.List>
      <Flex gap={8} align="center" wrap style={{ marginTop: 24 }}>
        <Button onClick={() => navigate(SMART_TAGS_PATH)}>{labels.back}</Button>
        <Button onClick={() => void runPreview()} loading={preview.isPending} data-testid="smart-tag-preview">
          {labels.preview}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={create.isPending || update.isPending}
          data-testid="smart-tag-save"
        >
          {common.save}
        </Button>
        {result && (
          <Typography.Text data-testid="smart-tag-preview-result">
            {interpolate(result.complete ? labels.previewResult : labels.previewPartial, {
              matched: result.matched,
              scanned: result.scanned,
            })}
          </Typography.Text>
        )}
      </Flex>
    </Form>
  );
}

/** app/contacts/smart-tags/create: the rule builder for a new smart tag. */
export function CreateSmartTagPage({ title, breadcrumb }: PageProps) {
  return (
    <div data-testid="smart-tag-create-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Card style={{ marginTop: 16 }}>
        <RuleForm />
      </Card>
    </div>
  );
}

/** app/contacts/smart-tags/:smartTagId: the rule of a smart tag, the state of its members and the members. */
export function EditSmartTagPage({ title, breadcrumb }: PageProps) {
  const { smartTagId } = useParams();
  const tag = useSmartTag(smartTagId);
  return (
    <div data-testid="smart-tag-edit-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {tag.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={tag.error instanceof ApiRequestError ? tag.error.message : common.loadFailed}
          action={<Button onClick={() => void tag.refetch()}>{common.retry}</Button>}
        />
      ) : !tag.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16} style={{ marginTop: 16 }}>
          <Card>
            <Flex gap={24} align="center" wrap style={{ marginBottom: 16 }}>
              <StatusTag tag={tag.data} />
              <span>
                {labels.members}:{' '}
                <strong data-testid="smart-tag-members-count">{tag.data.members_count}</strong>
              </span>
            </Flex>
            <RuleForm key={`${tag.data._id}:${tag.data.updated_at}`} editing={tag.data} />
          </Card>
          <MembersList tag={tag.data} />
        </Flex>
      )}
    </div>
  );
}
