import type { CitationView } from '@atende/shared/contracts/ai/knowledge-fields';
import { copilotSuggest } from '@atende/shared/contracts/ai/routes';
import { TONES } from '@atende/shared/contracts/ai/assistant-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { BulbOutlined, FileTextOutlined, TranslationOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { callRoute } from '../../../lib/api/call-route.ts';

const c = ptBR.ai.copilot;
type Action = 'suggest' | 'summarize' | 'rephrase' | 'translate';

/**
 * The AI copilot above the composer: suggest a reply (with its sources), summarize the conversation, rephrase
 * the draft in a tone or translate it. Results only fill the draft (or show the summary); nothing is sent.
 */
export function CopilotBar({
  conversationId,
  draft,
  onDraft,
}: {
  conversationId: string;
  draft: string;
  onDraft: (text: string) => void;
}) {
  const [busy, setBusy] = useState<Action>();
  const [error, setError] = useState<string>();
  const [summary, setSummary] = useState<string>();
  const [citations, setCitations] = useState<CitationView[]>([]);

  const run = async (action: Action, extra: { tone?: (typeof TONES)[number]; language?: string } = {}) => {
    setBusy(action);
    setError(undefined);
    try {
      const answer = await callRoute(copilotSuggest, {
        params: { id: conversationId },
        body: {
          action,
          ...(action === 'rephrase' || action === 'translate' ? { text: draft } : {}),
          ...extra,
        },
      });
      if (action === 'summarize') setSummary(answer.text);
      else {
        onDraft(answer.text);
        setCitations(answer.citations);
      }
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : c.failed);
    } finally {
      setBusy(undefined);
    }
  };

  const noDraft = draft.trim().length === 0;
  return (
    <Flex vertical gap={4} data-testid="copilot-bar">
      <Flex gap={4} wrap>
        <Button
          size="small"
          icon={<BulbOutlined />}
          loading={busy === 'suggest'}
          onClick={() => void run('suggest')}
          data-testid="copilot-suggest"
        >
          {c.suggest}
        </Button>
        <Button
          size="small"
          icon={<FileTextOutlined />}
          loading={busy === 'summarize'}
          onClick={() => void run('summarize')}
          data-testid="copilot-summarize"
        >
          {c.summarize}
        </Button>
        <Dropdown
          disabled={noDraft}
          menu={{
            items: TONES.map((tone) => ({ key: tone, label: c.tones[tone] })),
            onClick: ({ key }) => void run('rephrase', { tone: key as (typeof TONES)[number] }),
          }}
        >
          <Button
            size="small"
            icon={<EditOutlined />}
            loading={busy === 'rephrase'}
            disabled={noDraft}
            data-testid="copilot-rephrase"
          >
            {c.rephrase}
          </Button>
        </Dropdown>
        <Dropdown
          disabled={noDraft}
          menu={{
            items: Object.entries(c.languages).map(([key, label]) => ({ key, label })),
            onClick: ({ key }) => void run('translate', { language: key }),
          }}
        >
          <Button
            size="small"
            icon={<TranslationOutlined />}
            loading={busy === 'translate'}
            disabled={noDraft}
            data-testid="copilot-translate"
          >
            {c.translate}
          </Button>
        </Dropdown>
      </Flex>
      {error && <Alert type="error" showIcon title={error} closable onClose={() => setError(undefined)} />}
      {summary && (
        <Alert
          type="info"
          title={c.summaryTitle}
          description={summary}
          closable
          onClose={() => setSummary(undefined)}
          data-testid="copilot-summary"
        />
      )}
      {citations.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="copilot-sources">
          {c.sources}:{' '}
          {citations.map((citation) => (
            <Tag key={citation.document + citation.score}>{citation.title}</Tag>
          ))}
        </Typography.Text>
      )}
    </Flex>
  );
}
