import type { AssistantReply } from '@atende/shared/contracts/ai/assistant-views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { aiApi } from '../api/ai-api.ts';

const s = ptBR.ai.screens;

/** Plays the customer against an assistant, showing its answer, sources, confidence or handoff. */
export function AssistantPreview({ assistant }: { assistant: string }) {
  const [reply, setReply] = useState<AssistantReply>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const ask = async (message: string) => {
    if (!message.trim()) return;
    setLoading(true);
    setError(undefined);
    try {
      setReply(await aiApi.preview(assistant, { message }));
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : s.loadFailed);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="assistant-preview">
      <Input.Search
        placeholder={s.previewPlaceholder}
        enterButton={s.send}
        loading={loading}
        onSearch={(value) => void ask(value)}
        data-testid="assistant-preview-input"
      />
      {error && <Alert type="error" showIcon title={error} />}
      {reply && (
        <div data-testid="assistant-preview-reply" data-kind={reply.kind}>
          {reply.kind === 'handoff' && (
            <Tag color="orange">
              {interpolate(s.handoffReply, {
                reason: ptBR.ai.actions.reasons[reply.handoff_reason ?? 'unsupported'],
              })}
            </Tag>
          )}
          <Typography.Paragraph>{reply.text}</Typography.Paragraph>
          {reply.confidence !== null && (
            <Typography.Text type="secondary">
              {interpolate(s.confidence, { value: reply.confidence })}
            </Typography.Text>
          )}
          {reply.citations.length > 0 && (
            <div>
              <Typography.Text strong>{s.sources}: </Typography.Text>
              {reply.citations.map((citation) => (
                <Tag key={`${citation.document}-${citation.excerpt.length}`}>{citation.title}</Tag>
              ))}
            </div>
          )}
          {reply.actions.length > 0 && (
            <ul data-testid="assistant-preview-actions" style={{ margin: '8px 0 0', paddingLeft: 16 }}>
              {reply.actions.map((action, index) => (
                <li key={`${index}-${action}`}>
                  <Typography.Text type="secondary">{action}</Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Space>
  );
}
