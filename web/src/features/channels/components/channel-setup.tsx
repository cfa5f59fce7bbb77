import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Flex, Modal, Typography } from 'antd';

const labels = ptBR.channelsScreens;

const copyable = (text: string) => ({ text, tooltips: [labels.copy, labels.copied] });

/** The webhook URL the admin pastes in the provider's console, with a copy button. */
export function WebhookUrl({ url, testId = 'channel-webhook-url' }: { url: string; testId?: string }) {
  if (!url) return <Typography.Text type="secondary">{labels.noWebhook}</Typography.Text>;
  return (
    <Typography.Text copyable={copyable(url)} code style={{ wordBreak: 'break-all' }} data-testid={testId}>
      {url}
    </Typography.Text>
  );
}

/** The widget's embed snippet, copied whole. */
export function WidgetSnippet({ snippet }: { snippet: string }) {
  return (
    <Typography.Paragraph
      copyable={copyable(snippet)}
      code
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      data-testid="channel-widget-snippet"
    >
      {snippet}
    </Typography.Paragraph>
  );
}

/** What to do in the provider once the channel exists: paste the webhook URL, or install the widget snippet. */
export function ChannelSetup({ view }: { view: IntegrationView }) {
  if (view.type === 'widget')
    return (
      <Flex vertical gap={4}>
        <Typography.Text strong>{labels.embedTitle}</Typography.Text>
        <Typography.Text type="secondary">{labels.embedHint}</Typography.Text>
        <WidgetSnippet snippet={view.embed.snippet} />
      </Flex>
    );
  if (view.type === 'unofficial' || !view.webhookUrl) return null;
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{labels.webhookTitle}</Typography.Text>
      <Typography.Text type="secondary">{labels.webhookHint}</Typography.Text>
      <WebhookUrl url={view.webhookUrl} testId="channel-created-webhook-url" />
    </Flex>
  );
}

export function ChannelCreatedModal({
  view,
  onClose,
}: {
  view: IntegrationView | undefined;
  onClose: () => void;
}) {
  return (
    <Modal
      open={view !== undefined}
      title={view?.label}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="channel-created-done">
          {labels.done}
        </Button>
      }
      width={640}
      data-testid="channel-created-modal"
    >
      {view && <ChannelSetup view={view} />}
    </Modal>
  );
}
