import type { QuickMessageView } from '@atende/shared/contracts/quick-messages/views';
import { quickMessageBody } from '@atende/shared/contracts/quick-messages/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Input, Tag, Typography } from 'antd';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import type { QuickMessageInput } from '../api/organizing-api.ts';
import { organizingKeys, quickMessagesApi, variablesApi } from '../api/organizing-api.ts';
import { insertVariable, schemaRule } from '../forms/schema-rule.ts';
import { CatalogPage } from './catalog-page.tsx';

const labels = ptBR.contactsScreens.quickMessages;

const api = {
  queryKey: organizingKeys.quickMessages,
  list: async () => (await quickMessagesApi.list()).quick_messages,
  create: (values: QuickMessageInput) => quickMessagesApi.create(values),
  update: (item: QuickMessageView, values: QuickMessageInput) => quickMessagesApi.update(item._id, values),
  remove: (item: QuickMessageView) => quickMessagesApi.remove(item._id),
};

const toValues = (item: QuickMessageView | undefined): Partial<QuickMessageInput> =>
  item ? { shortcut: item.shortcut, text: item.text } : { shortcut: '', text: '' };

/** app/contacts/messages: quick messages typed as /shortcut in the chat box, with variables in their text. */
export function QuickMessagesPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  // The variables page keeps the plain list under this key; an envelope here broke it after a visit.
  const variables = useQuery({
    queryKey: organizingKeys.variables,
    queryFn: async () => (await variablesApi.list()).variables,
  });
  return (
    <CatalogPage<QuickMessageView, QuickMessageInput>
      title={title}
      breadcrumb={breadcrumb}
      testId="quick-message"
      addLabel={labels.newMessage}
      api={api}
      rowKey={(item) => item._id}
      rowName={(item) => `/${item.shortcut}`}
      toValues={toValues}
      columns={[
        { title: labels.shortcut, key: 'shortcut', width: 200, render: (_, item) => `/${item.shortcut}` },
        { title: labels.text, dataIndex: 'text', ellipsis: true },
      ]}
      renderForm={(form) => (
        <>
          <Form.Item
            name="shortcut"
            label={labels.shortcut}
            extra={labels.shortcutHint}
            rules={[schemaRule(quickMessageBody.shape.shortcut)]}
            required
          >
            <Input prefix="/" maxLength={40} data-testid="quick-message-form-shortcut" />
          </Form.Item>
          <Form.Item
            name="text"
            label={labels.text}
            rules={[schemaRule(quickMessageBody.shape.text)]}
            required
          >
            <Input.TextArea rows={5} maxLength={4096} showCount data-testid="quick-message-form-text" />
          </Form.Item>
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{labels.variablesHint}</Typography.Text>
            <Flex wrap gap={4}>
              {(variables.data ?? []).map((variable) => (
                <Tag
                  key={variable.key}
                  style={{ cursor: 'pointer' }}
                  title={variable.label}
                  onClick={() =>
                    form.setFieldValue(
                      'text',
                      insertVariable(String(form.getFieldValue('text') ?? ''), variable.key),
                    )
                  }
                  data-testid="quick-message-variable"
                >
                  {`{{${variable.key}}}`}
                </Tag>
              ))}
            </Flex>
          </Flex>
        </>
      )}
    />
  );
}
