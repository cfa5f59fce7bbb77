import '@xyflow/react/dist/style.css';
import { FLOW_NODE_TYPES, type FlowNode, type FlowNodeType } from '@atende/shared/contracts/flows/graph';
import type { PublishRefusal } from '@atende/shared/contracts/flows/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQueryClient } from '@tanstack/react-query';
import { Background, Controls, ReactFlow } from '@xyflow/react';
import { Alert, App, Button, Card, Drawer, Flex, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { flowKeys, flowsApi } from '../api/flows-api.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { useFlow, useInspectorChoices } from '../hooks/use-flows.ts';
import { defaultData } from '../state/graph.ts';
import { FlowNodeCard } from './flow-node.tsx';
import { CreateFlowModal } from './create-flow-modal.tsx';
import { FLOWS_PATH } from './paths.ts';
import { NodeInspector } from './node-inspector.tsx';
import { SimulatorPanel } from './simulator-panel.tsx';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';

const labels = ptBR.flows.screens;
const NODE_TYPES = Object.fromEntries(FLOW_NODE_TYPES.map((type) => [type, FlowNodeCard]));
const PALETTE = FLOW_NODE_TYPES.filter((type) => type !== 'start');
let seed = 0;
const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seed += 1)}`;
const DELETE_KEYS = ['Delete', 'Backspace'];
const errorText = (error: unknown) => (error instanceof ApiRequestError ? error.message : labels.loadFailed);

function Builder({ flowId }: { flowId: string }) {
  const flow = useFlow(flowId);
  const draft = useDraft(flowId, flow.data?.draft);
  const choices = useInspectorChoices();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [problems, setProblems] = useState<PublishRefusal['problems']>([]);
  const [panel, setPanel] = useState<'versions' | 'simulator' | undefined>();
  const [publishing, setPublishing] = useState(false);
  const selected = draft.nodes.find((node) => node.selected) as unknown as FlowNode | undefined;
  const names = useMemo(
    () =>
      new Map(
        draft.nodes.map((node) => [node.id, ptBR.flows.nodeTypes[node.type as FlowNodeType] ?? node.id]),
      ),
    [draft.nodes],
  );

  if (flow.isPending) return <Skeleton active data-testid="flow-builder-loading" />;
  if (flow.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(flow.error)}
        action={<Button onClick={() => void flow.refetch()}>{labels.retry}</Button>}
      />
    );

  const add = (type: FlowNodeType) => {
    const count = draft.nodes.length;
    draft.addNode({
      id: newId(type.slice(0, 2)),
      type,
      // Left to right in two rows, so new blocks never cover each other.
      position: { x: count * 260, y: (count % 2) * 140 },
      data: defaultData(type, () => newId('o')) as Record<string, unknown>,
      selected: true,
    });
  };

  const publish = async () => {
    setPublishing(true);
    try {
      await draft.flush();
      const { version } = await flowsApi.publish(flowId);
      setProblems([]);
      void message.success(interpolate(labels.published, { version }));
      await client.invalidateQueries({ queryKey: flowKeys.all });
    } catch (error) {
      const refusal =
        error instanceof ApiRequestError ? (error.data as PublishRefusal | undefined) : undefined;
      if (refusal?.problems) setProblems(refusal.problems);
      else void message.error(errorText(error));
    } finally {
      setPublishing(false);
    }
  };

  const restore = async (version: number) => {
    try {
      const restored = await flowsApi.restore(flowId, version);
      draft.load(restored.draft);
      client.setQueryData(flowKeys.one(flowId), restored);
      void message.success(interpolate(labels.restored, { version }));
      setPanel(undefined);
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const problemsOf = (id: string) =>
    problems.filter((problem) => problem.nodeId === id).map((problem) => problem.message);
  const saveLabel =
    draft.state === 'saving' ? labels.saving : draft.state === 'failed' ? labels.saveFailed : labels.saved;

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap>
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="flow-builder-name">
            {flow.data.name}
          </Typography.Title>
          <Tag color={flow.data.published_version ? 'green' : 'default'}>
            {flow.data.published_version
              ? `${labels.statusPublished} · v${flow.data.published_version}`
              : labels.statusDraft}
          </Tag>
          <Typography.Text
            type={draft.state === 'failed' ? 'danger' : 'secondary'}
            data-testid="flow-save-state"
            data-state={draft.state}
          >
            {saveLabel}
          </Typography.Text>
        </Space>
        <Space>
          <Button
            danger
            disabled={!draft.hasSelectedEdge}
            onClick={draft.removeSelectedEdges}
            data-testid="flow-delete-edge"
          >
            {labels.deleteEdge}
          </Button>
          <Button onClick={() => setPanel('versions')} data-testid="flow-versions">
            {labels.versions}
          </Button>
          <Button
            onClick={() => {
              void draft.flush();
              setPanel('simulator');
            }}
            data-testid="flow-simulate"
          >
            {labels.simulator}
          </Button>
          <Button
            type="primary"
            loading={publishing}
            onClick={() => void publish()}
            data-testid="flow-publish"
          >
            {labels.publish}
          </Button>
        </Space>
      </Flex>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={labels.problemsTitle}
          data-testid="flow-problems"
          description={
            <ul style={{ margin: 0 }}>
              {problems.map((problem, index) => (
                <li key={index}>
                  {problem.nodeId ? `${names.get(problem.nodeId) ?? problem.nodeId}: ` : ''}
                  {problem.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Flex gap={12} style={{ minHeight: 560 }}>
        <Card size="small" title={labels.palette} style={{ width: 170 }} data-testid="flow-palette">
          <Flex vertical gap={4}>
            {PALETTE.map((type) => (
              <Button key={type} size="small" onClick={() => add(type)} data-testid={`flow-palette-${type}`}>
                {ptBR.flows.nodeTypes[type]}
              </Button>
            ))}
          </Flex>
        </Card>
        <div
          style={{ flex: 1, height: 560, border: '1px solid #f0f0f0', borderRadius: 8 }}
          data-testid="flow-canvas"
        >
          <ReactFlow
            nodes={draft.nodes}
            edges={draft.edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={draft.onNodesChange}
            onEdgesChange={draft.onEdgesChange}
            onConnect={draft.onConnect}
            // Delete/Backspace removes the selected connections only: a block goes through its inspector.
            deleteKeyCode={DELETE_KEYS}
            onBeforeDelete={async ({ edges }) => ({
              nodes: [],
              edges: edges.filter((edge) => edge.selected),
            })}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
          >
            <Background />
            <Controls />
          </ReactFlow>
        </div>
        <Card size="small" title={labels.inspector} style={{ width: 320, overflowY: 'auto', maxHeight: 560 }}>
          {selected ? (
            <NodeInspector
              node={selected}
              choices={choices}
              problems={problemsOf(selected.id)}
              onChange={(data) => draft.updateData(selected.id, data as Record<string, unknown>)}
              onDelete={() => draft.removeNode(selected.id)}
            />
          ) : (
            <Typography.Text type="secondary">{labels.selectNode}</Typography.Text>
          )}
        </Card>
      </Flex>
      <Drawer open={panel === 'versions'} onClose={() => setPanel(undefined)} title={labels.versions}>
        <List
          dataSource={flow.data.versions}
          locale={{ emptyText: labels.noVersions }}
          renderItem={(entry) => (
            <List.Item
              data-testid="flow-version"
              actions={[
                <Button key="restore" size="small" onClick={() => void restore(entry.version)}>
                  {labels.restore}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={`${labels.version} ${entry.version}`}
                description={interpolate(labels.publishedAt, {
                  date: formatCompanyTime(entry.published_at),
                })}
              />
            </List.Item>
          )}
        />
      </Drawer>
      <Drawer
        open={panel === 'simulator'}
        onClose={() => setPanel(undefined)}
        title={labels.simulator}
        width={420}
      >
        {panel === 'simulator' && <SimulatorPanel flowId={flowId} nodeName={(id) => names.get(id) ?? id} />}
      </Drawer>
    </Flex>
  );
}

/**
 * app/chatbot/flow/builder/:flow_id? and app/v2/automation/chatbot/:editorMode?/:workflowId?: the canvas of one
 * flow; without an id, the new flow's name is asked first.
 */
export function FlowBuilderPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const params = useParams();
  const navigate = useNavigate();
  const flowId = params.flow_id ?? params.workflowId;
  return (
    <div data-testid="flow-builder-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {flowId ? (
        <Builder key={flowId} flowId={flowId} />
      ) : (
        <CreateFlowModal open onClose={() => navigate(FLOWS_PATH)} />
      )}
    </div>
  );
}
