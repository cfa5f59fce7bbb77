import { theme } from 'antd';
import type { FlowNode } from '@atende/shared/contracts/flows/graph';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { useAssistantName } from '../hooks/use-flows.ts';
import { sourceHandles } from '../state/graph.ts';

const names = ptBR.flows.nodeTypes;
const HANDLE_LABELS: Record<string, string> = {
  invalid: 'inválida',
  true: 'sim',
  false: 'não',
  success: 'sucesso',
  error: 'erro',
  resolved: ptBR.flows.screens.handleResolved,
  transfer: ptBR.flows.screens.handleTransfer,
  timeout: ptBR.flows.screens.handleTimeout,
};

function summary(node: Pick<FlowNode, 'type' | 'data'>, assistantName?: string): string {
  if (node.type === 'ai_assistant') return assistantName ?? '';
  const data = node.data as Record<string, unknown>;
  if (typeof data.text === 'string' && data.text) return data.text;
  if (typeof data.url === 'string' && data.url) return data.url;
  if (typeof data.variable === 'string' && data.variable) return `{{${data.variable}}}`;
  if (typeof data.minutes === 'number') return `${data.minutes} min`;
  return '';
}

/** One block on the canvas: its kind, a line of its content, an input and one output per branch. */
export function FlowNodeCard({ id, type, data, selected }: NodeProps) {
  const node = { type, data } as Pick<FlowNode, 'type' | 'data'>;
  const handles = sourceHandles(node);
  const { token } = theme.useToken();
  const assistantName = useAssistantName(
    type === 'ai_assistant' ? (data as { assistant: string }).assistant : undefined,
  );
  const options = type === 'menu' ? (data as { options: { id: string; label: string }[] }).options : [];
  const labelOf = (handle: string | undefined) =>
    handle === undefined
      ? ''
      : options.find((option) => option.id === handle)?.label || HANDLE_LABELS[handle] || handle;
  return (
    <div
      data-testid="flow-node"
      data-node-id={id}
      data-node-type={type}
      style={{
        minWidth: 180,
        maxWidth: 240,
        padding: 8,
        borderRadius: 8,
        background: token.colorBgContainer,
        color: token.colorText,
        border: `2px solid ${selected ? token.colorPrimary : token.colorBorder}`,
        fontSize: 12,
      }}
    >
      {type !== 'start' && <Handle type="target" position={Position.Left} data-testid="flow-handle-in" />}
      <strong>{names[type as keyof typeof names] ?? type}</strong>
      <div
        style={{
          color: token.colorTextSecondary,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {summary(node, assistantName)}
      </div>
      {handles.map((handle) => (
        <div
          key={handle ?? 'default'}
          style={{ position: 'relative', textAlign: 'right', paddingRight: 8, minHeight: 16 }}
        >
          <span>{labelOf(handle)}</span>
          <Handle
            type="source"
            position={Position.Right}
            id={handle}
            data-testid={`flow-handle-out-${handle ?? 'default'}`}
            style={{ top: 8 }}
          />
        </div>
      ))}
    </div>
  );
}
