import {
  MAX_MESSAGES_PER_SECOND,
  MESSAGING_TIERS,
  type MessagingTier,
} from '@atende/shared/contracts/campaigns/sender-routes';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Card, Form, InputNumber, Select, Skeleton, Statistic, Tag } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useSender } from '../hooks/use-sender.ts';

const t = ptBR.campaigns.sender;
const QUALITY_COLORS = { GREEN: 'green', YELLOW: 'gold', RED: 'red', UNKNOWN: 'default' } as const;

interface Values {
  messages_per_second: number;
  tier: MessagingTier;
}

/** The send governor's limits of the campaign's number: its rate and daily tier (editable), quality and reach. */
export function SenderLimits({ integration }: { integration: string }) {
  const { sender, save } = useSender(integration);
  const { message } = App.useApp();
  if (sender.isLoading) return <Skeleton active />;
  if (sender.isError || !sender.data) {
    return <Alert type="error" showIcon message={ptBR.contactsScreens.common.loadFailed} />;
  }
  const view = sender.data;
  const submit = async (values: Values) => {
    try {
      await save.mutateAsync(values);
      void message.success(t.saved, LIMITS.toastDurationMs / 1000);
    } catch (error) {
      void message.error(
        error instanceof ApiRequestError ? error.message : ptBR.contactsScreens.common.saveFailed,
        LIMITS.toastDurationMs / 1000,
      );
    }
  };
  return (
    <Card title={t.title} style={{ marginBottom: 16 }} data-testid="sender-limits">
      <Form<Values>
        layout="inline"
        initialValues={{ messages_per_second: view.messages_per_second, tier: view.tier }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label={t.rate}
          name="messages_per_second"
          rules={[
            { required: true, message: ptBR.forms.requiredField },
            { type: 'integer', min: 1, max: MAX_MESSAGES_PER_SECOND, message: t.rateRange },
          ]}
        >
          <InputNumber min={1} max={MAX_MESSAGES_PER_SECOND} data-testid="sender-rate" />
        </Form.Item>
        <Form.Item label={t.tier} name="tier" rules={[{ required: true, message: ptBR.forms.requiredField }]}>
          <Select
            style={{ minWidth: 140 }}
            options={MESSAGING_TIERS.map((tier) => ({ value: tier, label: t.tiers[tier] }))}
            data-testid="sender-tier"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="sender-save">
          {t.save}
        </Button>
      </Form>
      <div style={{ display: 'flex', gap: 24, marginTop: 16, flexWrap: 'wrap' }}>
        <Statistic title={t.reached} value={view.reached_24h} />
        <div>
          <div>{t.quality}</div>
          <Tag color={QUALITY_COLORS[view.quality]} data-testid="sender-quality">
            {t.qualities[view.quality]}
          </Tag>
        </div>
      </div>
    </Card>
  );
}
