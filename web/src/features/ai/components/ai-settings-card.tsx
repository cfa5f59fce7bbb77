import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Card, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { aiApi, aiKeys } from '../api/ai-api.ts';
import { useAiMutation, useAiSettings } from '../hooks/use-ai.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const t = ptBR.ai;
const s = ptBR.ai.screens;

interface SettingsForm {
  base_url: string;
  api_key?: string;
  chat_model: string;
  embedding_model: string;
}

/** The company's model: any OpenAI-compatible endpoint; the key is write-only (never shown back). */
export function AiSettingsCard() {
  const { message } = App.useApp();
  const settings = useAiSettings();
  const [form] = Form.useForm<SettingsForm>();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const save = useAiMutation(aiApi.saveSettings, [aiKeys.settings]);
  const test = useAiMutation(aiApi.testSettings, [aiKeys.settings]);

  useEffect(() => {
    if (settings.data?.configured) form.setFieldsValue({ ...settings.data, api_key: undefined });
  }, [settings.data, form]);

  const submit = async (values: SettingsForm) => {
    try {
      await save.mutateAsync({ ...values, api_key: values.api_key || undefined });
      form.setFieldValue('api_key', undefined);
      void message.success(s.saved);
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : s.saveFailed);
    }
  };

  if (settings.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={s.loadFailed}
        action={<Button onClick={() => void settings.refetch()}>{s.retry}</Button>}
      />
    );
  return (
    <Card title={t.settingsTitle} loading={settings.isLoading} data-testid="ai-settings">
      <p>{t.settingsHint}</p>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="base_url"
          label={t.baseUrl}
          rules={[{ required: true, type: 'url', message: t.invalidUrl }]}
        >
          <Input placeholder="https://api.openai.com/v1" data-testid="ai-base-url" />
        </Form.Item>
        <Form.Item
          name="api_key"
          label={t.apiKey}
          extra={settings.data?.has_api_key ? t.apiKeySaved : undefined}
          rules={[{ required: !settings.data?.has_api_key, message: t.apiKeyRequired }]}
        >
          <Input.Password autoComplete="off" data-testid="ai-api-key" />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item
            name="chat_model"
            label={t.chatModel}
            rules={[{ required: true, message: ptBR.forms.requiredField }]}
            style={{ flex: 1 }}
          >
            <Input placeholder="gpt-4o-mini" data-testid="ai-chat-model" />
          </Form.Item>
          <Form.Item
            name="embedding_model"
            label={t.embeddingModel}
            rules={[{ required: true, message: ptBR.forms.requiredField }]}
            style={{ flex: 1 }}
          >
            <Input placeholder="text-embedding-3-small" data-testid="ai-embedding-model" />
          </Form.Item>
        </Flex>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="ai-settings-save">
            {s.save}
          </Button>
          <Button
            disabled={!settings.data?.configured}
            loading={test.isPending}
            onClick={() =>
              void test
                .mutateAsync(undefined)
                .then(setResult, () => setResult({ ok: false, message: s.loadFailed }))
            }
            data-testid="ai-settings-test"
          >
            {t.testConnection}
          </Button>
        </Flex>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 12 }}
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={result.message}
          data-testid="ai-test-result"
        />
      )}
      {settings.data && settings.data.usage.length > 0 && (
        <ResponsiveTable
          style={{ marginTop: 12 }}
          size="small"
          rowKey="feature"
          pagination={false}
          title={() => s.usage}
          dataSource={settings.data.usage}
          columns={[
            { title: s.name, dataIndex: 'feature' },
            { title: s.calls, dataIndex: 'calls' },
            { title: s.promptTokens, dataIndex: 'prompt_tokens' },
            { title: s.completionTokens, dataIndex: 'completion_tokens' },
          ]}
        />
      )}
    </Card>
  );
}
