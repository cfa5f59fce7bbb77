import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Collapse, Flex, Input, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { OpenApiDocument } from '../api/api-keys-api.ts';
import { TryIt } from './try-it.tsx';

const labels = ptBR.developers.api;
const METHOD_COLORS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  patch: 'orange',
  put: 'orange',
  delete: 'red',
};

/** The public API reference, read from /api/openapi.json, with a try-it-out per operation. */
export function ApiReference({
  document,
  loading,
  failed,
  onRetry,
}: {
  document: OpenApiDocument | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const [apiKey, setApiKey] = useState('');
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        title={labels.referenceError}
        action={<Button onClick={onRetry}>{labels.tryIt}</Button>}
      />
    );
  }
  if (loading || !document) return <Skeleton active />;
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <Flex vertical gap={12} data-testid="api-reference">
      <Flex gap={8} align="center" wrap>
        <Input.Password
          style={{ maxWidth: 480 }}
          addonBefore={labels.tryKey}
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          aria-label={labels.tryKey}
          data-testid="api-try-key"
        />
        <Typography.Link href="/api/openapi.json" target="_blank">
          {labels.download}
        </Typography.Link>
      </Flex>
      <Collapse
        items={operations.map(({ path, method, operation }) => ({
          key: operation.operationId,
          label: (
            <Flex
              gap={8}
              align="center"
              wrap
              style={{ minWidth: 0 }}
              data-testid="api-operation"
              data-operation-id={operation.operationId}
            >
              <Tag color={METHOD_COLORS[method]}>{method.toUpperCase()}</Tag>
              <code style={{ wordBreak: 'break-all' }}>{path}</code>
              <Typography.Text type="secondary">
                {labels.scope}: {operation['x-required-scope']}
              </Typography.Text>
            </Flex>
          ),
          children: <TryIt method={method} path={path} operation={operation} apiKey={apiKey} />,
        }))}
      />
    </Flex>
  );
}
