import { listFlows } from '@atende/shared/contracts/flows/list-flows';
import { setChannelFlow } from '@atende/shared/contracts/flows/set-channel-flow';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { callRoute } from '../../../lib/api/call-route.ts';

const labels = ptBR.flows.screens;
const FLOWS_KEY = ['flows', 'list'] as const;

/** The company's flows, or none for whoever may not manage automation (the column then stays empty). */
export const useChannelFlows = () =>
  useQuery({ queryKey: FLOWS_KEY, queryFn: () => callRoute(listFlows), retry: false, staleTime: 30_000 });

/** The flow answering new conversations on one channel; only published flows can be attached. */
export function ChannelFlowSelect({ integrationId }: { integrationId: string }) {
  const flows = useChannelFlows();
  const client = useQueryClient();
  const { message } = App.useApp();
  const save = useMutation({
    mutationFn: (flow: string | null) =>
      callRoute(setChannelFlow, { params: { id: integrationId }, body: { flow } }),
    onSuccess: () => {
      void message.success(labels.channelFlowSaved);
      return client.invalidateQueries({ queryKey: ['flows'] });
    },
    onError: (error) =>
      void message.error(error instanceof ApiRequestError ? error.message : labels.saveFailed),
  });
  if (!flows.data) return null;
  const current = flows.data.flows.find((flow) =>
    flow.channels.some((channel) => channel._id === integrationId),
  );
  return (
    <Select
      size="small"
      style={{ minWidth: 180 }}
      value={current?._id ?? ''}
      loading={save.isPending}
      aria-label={labels.channelFlow}
      data-testid="channel-flow-select"
      onChange={(value: string) => save.mutate(value || null)}
      options={[
        { value: '', label: labels.channelFlowNone },
        ...flows.data.flows
          .filter((flow) => flow.published_version !== null)
          .map((flow) => ({ value: flow._id, label: flow.name })),
      ]}
    />
  );
}
