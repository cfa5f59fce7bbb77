import {
  CONDITION_OPERATORS,
  CONDITION_SOURCES,
  CONTACT_FIELDS,
  type FlowNode,
  HTTP_METHODS,
  MAX_AI_TURNS,
  QUESTION_VALIDATIONS,
} from '@atende/shared/contracts/flows/graph';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { flowsApi } from '../api/flows-api.ts';
import type { useInspectorChoices } from '../hooks/use-flows.ts';

const labels = ptBR.flows.screens;
const required = { required: true, whitespace: true, message: ptBR.forms.requiredField };
const variableRule = { pattern: /^[a-z][a-z0-9_]*$/, message: ptBR.flows.invalidVariableKey };
type Choices = ReturnType<typeof useInspectorChoices>;

const pairs = (text: string, separator: string) =>
  text
    .split('\n')
    .map((line) => line.split(separator))
    .filter((parts) => parts.length >= 2 && parts[0]?.trim())
    .map(([key, ...rest]) => [key?.trim() ?? '', rest.join(separator).trim()] as const);

/** Form values ↔ node data for the fields kept as text (headers, JSON paths, rules). */
function toForm(node: FlowNode): Record<string, unknown> {
  if (node.type === 'ai_assistant')
    return { ...node.data, exit_keywords: node.data.exit_keywords.join('\n') };
  if (node.type === 'http_request') {
    return {
      ...node.data,
      headers: node.data.headers.map((header) => `${header.key}: ${header.value}`).join('\n'),
      save: node.data.save.map((entry) => `${entry.path} => ${entry.variable}`).join('\n'),
    };
  }
  return node.data as Record<string, unknown>;
}

function fromForm(node: FlowNode, values: Record<string, unknown>): FlowNode['data'] {
  if (node.type === 'ai_assistant') {
    return {
      ...node.data,
      ...values,
      exit_keywords: String(values.exit_keywords ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      timeout_minutes: typeof values.timeout_minutes === 'number' ? values.timeout_minutes : null,
    } as FlowNode['data'];
  }
  if (node.type === 'http_request') {
    return {
      ...node.data,
      ...values,
      headers: pairs(String(values.headers ?? ''), ':').map(([key, value]) => ({ key, value })),
      save: pairs(String(values.save ?? ''), '=>').map(([path, variable]) => ({ path, variable })),
    } as FlowNode['data'];
  }
  return { ...node.data, ...values } as FlowNode['data'];
}

function TestRequest({ form }: { form: ReturnType<typeof Form.useForm>[0] }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const values = form.getFieldsValue() as { method: 'GET'; url: string; headers: string; body: string };
    setBusy(true);
    try {
      const answer = await flowsApi.testRequest({
        method: values.method,
        url: values.url,
        headers: pairs(values.headers ?? '', ':').map(([key, value]) => ({ key, value })),
        body: values.body ?? '',
      });
      setResult({
        ok: answer.status < 400,
        text: `${interpolate(labels.testResult, { status: answer.status, ms: answer.duration_ms })}\n${answer.body.slice(0, 500)}`,
      });
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiRequestError ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => void run()} loading={busy} data-testid="flow-test-request">
        {labels.testRequest}
      </Button>
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          title={<pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{result.text}</pre>}
          data-testid="flow-test-request-result"
        />
      )}
    </Space>
  );
}

function Fields({
  node,
  choices,
  form,
}: {
  node: FlowNode;
  choices: Choices;
  form: ReturnType<typeof Form.useForm>[0];
}) {
  const text = (
    <Form.Item name="text" label={labels.text} rules={node.type === 'end' ? [] : [required]}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} data-testid="flow-field-text" />
    </Form.Item>
  );
  switch (node.type) {
    case 'start':
      return null;
    case 'message':
      return text;
    case 'menu':
      return (
        <>
          {text}
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'label']} rules={[required]} label={`${index + 1}`}>
                      <Input data-testid="flow-field-option" />
                    </Form.Item>
                    <Button size="small" onClick={() => remove(field.name)} disabled={fields.length <= 1}>
                      −
                    </Button>
                  </Space>
                ))}
                <Button
                  onClick={() => add({ id: `o${Date.now().toString(36)}`, label: '' })}
                  disabled={fields.length >= 10}
                  data-testid="flow-add-option"
                >
                  {labels.addOption}
                </Button>
              </>
            )}
          </Form.List>
        </>
      );
    case 'question':
      return (
        <>
          {text}
          <Form.Item name="variable" label={labels.variable} rules={[required, variableRule]}>
            <Input />
          </Form.Item>
          <Form.Item name="validate" label={labels.validate}>
            <Select
              options={QUESTION_VALIDATIONS.map((value) => ({ value, label: labels.validations[value] }))}
            />
          </Form.Item>
        </>
      );
    case 'set_variable':
      return (
        <>
          <Form.Item name="variable" label={labels.variable} rules={[required, variableRule]}>
            <Input />
          </Form.Item>
          <Form.Item name="value" label={labels.value}>
            <Input />
          </Form.Item>
        </>
      );
    case 'update_contact':
      return (
        <>
          <Form.Item name="field" label={labels.field} rules={[required]}>
            <Select options={CONTACT_FIELDS.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item name="value" label={labels.value}>
            <Input />
          </Form.Item>
        </>
      );
    case 'tag':
      return (
        <>
          <Form.Item name="action" label={labels.tagAction}>
            <Select
              options={[
                { value: 'add', label: labels.addTag },
                { value: 'remove', label: labels.removeTag },
              ]}
            />
          </Form.Item>
          <Form.Item name="tag" label={labels.tag} rules={[required]}>
            <Select options={choices.tags} />
          </Form.Item>
        </>
      );
    case 'http_request':
      return (
        <>
          <Form.Item name="method" label={labels.method}>
            <Select options={HTTP_METHODS.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item name="url" label={labels.url} rules={[required]}>
            <Input data-testid="flow-field-url" />
          </Form.Item>
          <Form.Item name="headers" label={labels.headers}>
            <Input.TextArea autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Form.Item name="body" label={labels.body}>
            <Input.TextArea autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Form.Item name="save" label={labels.saveAnswer}>
            <Input.TextArea autoSize={{ minRows: 2 }} />
          </Form.Item>
          <TestRequest form={form} />
        </>
      );
    case 'handoff':
      return (
        <>
          <Form.Item name="department" label={labels.department}>
            <Select allowClear options={choices.departments} data-testid="flow-field-department" />
          </Form.Item>
          <Form.Item name="employee" label={labels.employee}>
            <Select allowClear options={choices.employees} />
          </Form.Item>
        </>
      );
    case 'go_to_flow':
      return (
        <Form.Item name="flow" label={labels.flow} rules={[required]}>
          <Select options={choices.flows} />
        </Form.Item>
      );
    case 'wait':
      return (
        <Form.Item
          name="minutes"
          label={labels.minutes}
          rules={[{ required: true, message: ptBR.forms.requiredField }]}
        >
          <InputNumber min={1} max={43_200} />
        </Form.Item>
      );
    case 'condition':
      return (
        <>
          <Form.Item name="match" label={labels.match}>
            <Select
              options={[
                { value: 'all', label: labels.matchAll },
                { value: 'any', label: labels.matchAny },
              ]}
            />
          </Form.Item>
          <Form.List name="rules">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} wrap align="baseline">
                    <Form.Item name={[field.name, 'source']}>
                      <Select
                        style={{ width: 120 }}
                        options={CONDITION_SOURCES.map((value) => ({ value, label: value }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'key']}>
                      <Input style={{ width: 100 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'operator']}>
                      <Select
                        style={{ width: 110 }}
                        options={CONDITION_OPERATORS.map((value) => ({ value, label: value }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']}>
                      <Input style={{ width: 100 }} />
                    </Form.Item>
                    <Button size="small" onClick={() => remove(field.name)}>
                      −
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add({ source: 'variable', key: '', operator: 'equals', value: '' })}>
                  +
                </Button>
              </>
            )}
          </Form.List>
        </>
      );
    case 'end':
      return text;
    case 'ai_assistant':
      return (
        <>
          <Form.Item name="assistant" label={labels.assistant} rules={[required]}>
            <Select options={choices.assistants} data-testid="flow-field-assistant" />
          </Form.Item>
          <Form.Item name="text" label={labels.assistantText}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Form.Item
            name="max_turns"
            label={labels.maxTurns}
            rules={[{ required: true, message: ptBR.forms.requiredField }]}
          >
            <InputNumber min={1} max={MAX_AI_TURNS} data-testid="flow-field-max-turns" />
          </Form.Item>
          <Form.Item name="exit_keywords" label={labels.exitKeywords}>
            <Input.TextArea autoSize={{ minRows: 2 }} data-testid="flow-field-exit-keywords" />
          </Form.Item>
          <Form.Item name="timeout_minutes" label={labels.timeoutMinutes}>
            <InputNumber min={1} max={43_200} data-testid="flow-field-timeout" />
          </Form.Item>
        </>
      );
  }
}

/** The selected block's form: every change goes straight into the draft (which autosaves). */
export function NodeInspector({
  node,
  choices,
  problems,
  onChange,
  onDelete,
}: {
  node: FlowNode;
  choices: Choices;
  problems: readonly string[];
  onChange: (data: FlowNode['data']) => void;
  onDelete: () => void;
}) {
  const [form] = Form.useForm();
  return (
    <div data-testid="flow-inspector">
      <Typography.Title level={5}>{ptBR.flows.nodeTypes[node.type]}</Typography.Title>
      {problems.map((problem) => (
        <Alert key={problem} type="warning" showIcon title={problem} style={{ marginBottom: 8 }} />
      ))}
      <Form
        key={node.id}
        form={form}
        layout="vertical"
        initialValues={toForm(node)}
        onValuesChange={() => onChange(fromForm(node, form.getFieldsValue(true) as Record<string, unknown>))}
      >
        <Fields node={node} choices={choices} form={form} />
      </Form>
      {node.type !== 'start' && (
        <Button danger onClick={onDelete} style={{ marginTop: 8 }} data-testid="flow-delete-node">
          {labels.deleteNode}
        </Button>
      )}
    </div>
  );
}
