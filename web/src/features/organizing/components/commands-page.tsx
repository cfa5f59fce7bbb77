import type { CommandView } from '@atende/shared/contracts/commands/views';
import { commandBody } from '@atende/shared/contracts/commands/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Form, Input, Typography } from 'antd';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import type { CommandInput } from '../api/organizing-api.ts';
import { commandsApi, organizingKeys } from '../api/organizing-api.ts';
import { schemaRule } from '../forms/schema-rule.ts';
import { CatalogPage } from './catalog-page.tsx';

const labels = ptBR.contactsScreens.commands;
const defaultLabels: Record<string, string> = ptBR.contacts.defaultCommands;

const api = {
  queryKey: organizingKeys.commands,
  list: async () => (await commandsApi.list()).commands,
  create: (values: CommandInput) => commandsApi.create(values),
  update: (item: CommandView, values: CommandInput) => commandsApi.update(item._id, values),
  remove: (item: CommandView) => commandsApi.remove(item._id),
};

const toValues = (item: CommandView | undefined): Partial<CommandInput> =>
  item
    ? { command: item.command, description: item.description, reply: item.reply ?? '' }
    : { command: '', description: '', reply: '' };

/** app/contacts/commands: the spec's default commands (fixed) and the company's own replies. */
export function CommandsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  return (
    <CatalogPage<CommandView, CommandInput>
      title={title}
      breadcrumb={breadcrumb}
      testId="command"
      addLabel={labels.newCommand}
      api={api}
      rowKey={(item) => item._id}
      rowName={(item) => `#${item.command}`}
      readOnly={(item) => item.default}
      toValues={toValues}
      columns={[
        {
          title: labels.command,
          key: 'command',
          render: (_, item) => <Typography.Text code>{`#${item.command}`}</Typography.Text>,
        },
        {
          title: labels.description,
          key: 'description',
          render: (_, item) =>
            item.default ? (defaultLabels[item.action] ?? item.description) : item.description,
        },
        { title: labels.reply, dataIndex: 'reply', ellipsis: true },
      ]}
      renderForm={() => (
        <>
          <Form.Item
            name="command"
            label={labels.command}
            rules={[schemaRule(commandBody.shape.command)]}
            required
          >
            <Input prefix="#" maxLength={40} data-testid="command-form-command" />
          </Form.Item>
          <Form.Item
            name="description"
            label={labels.description}
            rules={[schemaRule(commandBody.shape.description)]}
            required
          >
            <Input maxLength={200} data-testid="command-form-description" />
          </Form.Item>
          <Form.Item name="reply" label={labels.reply} rules={[schemaRule(commandBody.shape.reply)]} required>
            <Input.TextArea rows={4} maxLength={4096} data-testid="command-form-reply" />
          </Form.Item>
        </>
      )}
    />
  );
}
