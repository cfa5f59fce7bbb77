import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { type OpenApiOperation, type TryResult, tryCall } from '../api/api-keys-api.ts';

const labels = ptBR.developers.api;

/** Fills `{name}` path segments from the form. */
const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

/** One operation's try-it-out: path parameters, a query string, a JSON body, sent with the key typed above. */
export function TryIt({
  method,
  path,
  operation,
  apiKey,
}: {
  method: string;
  path: string;
  operation: OpenApiOperation;
  apiKey: string;
}) {
  const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
  const [values, setValues] = useState<Record<string, string>>({});
  const [query, setQuery] = useState('');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<TryResult>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setProblem(undefined);
    if (!apiKey.trim()) return setProblem(labels.tryKeyRequired);
    if (body.trim()) {
      try {
        JSON.parse(body);
      } catch {
        return setProblem(labels.bodyInvalid);
      }
    }
    setSending(true);
    try {
      setResult(
        await tryCall({
          method,
          path: fillPath(path, values),
          apiKey: apiKey.trim(),
          query,
          body: operation.requestBody && body.trim() ? body : undefined,
        }),
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="api-try-it">
      {pathParams.map((parameter) => (
        <Input
          key={parameter.name}
          addonBefore={parameter.name}
          value={values[parameter.name] ?? ''}
          onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })}
        />
      ))}
      {method === 'get' && (
        <Input
          addonBefore="?"
          placeholder="limit=20"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      )}
      {operation.requestBody !== undefined && (
        <Input.TextArea
          rows={4}
          placeholder={labels.body}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
      )}
      {problem && <Alert type="error" showIcon title={problem} />}
      <Button type="primary" onClick={() => void send()} loading={sending} style={{ alignSelf: 'start' }}>
        {labels.send}
      </Button>
      {result && (
        <div data-testid="api-try-result">
          <Typography.Text strong>
            {labels.response}: {result.status}
          </Typography.Text>
          <pre style={{ maxHeight: 320, overflow: 'auto' }}>{result.body}</pre>
        </div>
      )}
    </Flex>
  );
}
