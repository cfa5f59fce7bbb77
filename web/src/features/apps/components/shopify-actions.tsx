import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SHOPIFY_EVENTS } from '@atende/shared/domain/apps';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { isTemplateUsable } from '@atende/shared/rules/statuses';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Select, Typography } from 'antd';
import { useChannels } from '../../channels/hooks/use-channels.ts';
import { fetchTemplates, templateKeys } from '../../templates/api/templates-api.ts';

const strings = ptBR.apps.shopify;
const required = [{ required: true, message: ptBR.apps.requiredField }];

/** The approved templates of the chosen official WhatsApp (spec point 4: only approved ones are usable). */
function TemplateSelect({
  integration,
  ...props
}: {
  integration: string | undefined;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const templates = useQuery({
    queryKey: templateKeys.list(integration ?? ''),
    queryFn: () => fetchTemplates(integration ?? ''),
    enabled: Boolean(integration),
  });
  return (
    <Select
      {...props}
      disabled={!integration}
      loading={templates.isLoading && Boolean(integration)}
      notFoundContent={ptBR.forms.noOptions}
      options={(templates.data ?? [])
        .filter(isTemplateUsable)
        .map((template) => ({ value: template.name, label: template.name }))}
      data-testid="shopify-action-template"
    />
  );
}

/** Shopify's order events → the approved template each one sends, through which official WhatsApp. */
export function ShopifyActions() {
  const channels = useChannels();
  const officials = (channels.data ?? []).filter((channel) => channel.type === 'official');
  return (
    <Form.List name="shopify_actions">
      {(rows, { add, remove }) => (
        <Flex vertical gap={8}>
          <Typography.Text strong>{strings.actions}</Typography.Text>
          <Typography.Text type="secondary">{strings.actionsHint}</Typography.Text>
          {rows.map((row) => (
            <Flex key={row.key} gap={8} align="flex-start" wrap data-testid="shopify-action">
              <Form.Item name={[row.name, 'event']} rules={required} style={{ minWidth: 150 }}>
                <Select
                  placeholder={strings.event}
                  options={SHOPIFY_EVENTS.map((event) => ({ value: event, label: strings.events[event] }))}
                  data-testid="shopify-action-event"
                />
              </Form.Item>
              <Form.Item name={[row.name, 'integration']} rules={required} style={{ minWidth: 160 }}>
                <Select
                  placeholder={strings.integration}
                  loading={channels.isLoading}
                  notFoundContent={ptBR.forms.noOptions}
                  options={officials.map((channel) => ({ value: channel._id, label: channel.label }))}
                  data-testid="shopify-action-integration"
                />
              </Form.Item>
              <Form.Item noStyle dependencies={[['shopify_actions', row.name, 'integration']]}>
                {({ getFieldValue }) => (
                  <Form.Item name={[row.name, 'template']} rules={required} style={{ minWidth: 180 }}>
                    <TemplateSelect
                      integration={
                        getFieldValue(['shopify_actions', row.name, 'integration']) as string | undefined
                      }
                    />
                  </Form.Item>
                )}
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                onClick={() => remove(row.name)}
                aria-label={strings.removeAction}
              />
            </Flex>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ action: 'send_template_message' })}
            disabled={rows.length >= SHOPIFY_EVENTS.length}
            data-testid="shopify-action-add"
          >
            {strings.addAction}
          </Button>
          <Typography.Text type="secondary">{strings.variablesHint}</Typography.Text>
        </Flex>
      )}
    </Form.List>
  );
}
