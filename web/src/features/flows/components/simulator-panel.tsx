import type { SimulateFlowResponse } from '@atende/shared/contracts/flows/simulate-flow';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Descriptions, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { flowsApi } from '../api/flows-api.ts';

const labels = ptBR.flows.screens;
type Line = { from: 'bot' | 'customer' | 'system'; text: string; options?: { id: string; label: string }[] };

function linesOf(result: SimulateFlowResponse): Line[] {
  return result.outputs.map((output): Line => {
    if (output.kind === 'text')
      return { from: 'bot', text: output.text, ...(output.options ? { options: output.options } : {}) };
    // What an AI assistant did (operators see it in the conversation).
    if (output.kind === 'note') return { from: 'system', text: output.text };
    return {
      from: 'system',
      text: output.kind === 'handoff' ? labels.simulatorHandoff : labels.simulatorEnd,
    };
  });
}

/** Chat with the draft: the same interpreter as live conversations, nothing sent, nothing changed. */
export function SimulatorPanel({ flowId, nodeName }: { flowId: string; nodeName: (id: string) => string }) {
  const [lines, setLines] = useState<Line[]>([]);
  const [last, setLast] = useState<SimulateFlowResponse | undefined>();
  const [path, setPath] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const turn = async (answer?: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await flowsApi.simulate(
        flowId,
        answer === undefined ? {} : { session: last?.session ?? null, text: answer },
      );
      setLines((current) => [
        ...(answer === undefined ? [] : current),
        ...(answer === undefined ? [] : [{ from: 'customer' as const, text: answer }]),
        ...linesOf(result),
      ]);
      setPath((current) => [...(answer === undefined ? [] : current), ...result.path]);
      setLast(result);
      setText('');
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const done = last?.session.done ?? false;
  return (
    <Flex vertical gap={8} data-testid="flow-simulator">
      <Typography.Text type="secondary">{labels.simulatorHint}</Typography.Text>
      <Button onClick={() => void turn()} loading={busy && !last} data-testid="flow-simulator-start">
        {last ? labels.simulatorRestart : labels.simulatorStart}
      </Button>
      {error && <Alert type="error" showIcon title={error} />}
      <div style={{ maxHeight: 320, overflowY: 'auto', border: '1px solid #f0f0f0', padding: 8 }}>
        {lines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          lines.map((line, index) => (
            <div
              key={index}
              data-testid={`flow-simulator-${line.from}`}
              style={{ textAlign: line.from === 'customer' ? 'right' : 'left', marginBottom: 6 }}
            >
              {line.from === 'system' ? (
                <Tag color="blue">{line.text}</Tag>
              ) : (
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{line.text}</Typography.Text>
              )}
              {line.options && !done && index === lines.length - 1 && (
                <Space wrap style={{ display: 'flex', marginTop: 4 }}>
                  {line.options.map((option) => (
                    <Button key={option.id} size="small" onClick={() => void turn(option.label)}>
                      {option.label}
                    </Button>
                  ))}
                </Space>
              )}
            </div>
          ))
        )}
      </div>
      <Space.Compact>
        <Input
          value={text}
          disabled={!last || done}
          placeholder={labels.simulatorPlaceholder}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={() => text && void turn(text)}
          data-testid="flow-simulator-input"
        />
        <Button
          type="primary"
          disabled={!last || done || !text}
          loading={busy}
          onClick={() => void turn(text)}
        >
          {labels.simulatorSend}
        </Button>
      </Space.Compact>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={labels.simulatorPath}>
          <span data-testid="flow-simulator-path">{path.map(nodeName).join(' → ')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={labels.simulatorVariables}>
          <span data-testid="flow-simulator-variables">
            {Object.entries(last?.session.variables ?? {})
              .map(([key, value]) => `${key} = ${value}`)
              .join(', ')}
          </span>
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
