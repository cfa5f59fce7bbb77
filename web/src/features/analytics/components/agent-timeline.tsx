import type { AgentTimelineView } from '@atende/shared/contracts/analytics/agent-timeline';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Card, DatePicker, Flex, Segmented } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { companyNow, dayjs } from '../../../lib/dates/dates.ts';
import { useAgentTimeline, useSetMyStatus } from '../hooks/use-analytics.ts';
import { duration } from '../state/format.ts';
import { timelineSegments } from '../state/timeline.ts';
import { QueryState } from './query-state.tsx';

const t = ptBR.analytics.timeline;
type Agent = AgentTimelineView['agents'][number];

const COLOURS = { online: '#389e0d', away: '#d48806', offline: '#8c8c8c' } as const;

/** One agent's day as a bar: green online, amber "Pausa", grey offline, blank where nothing is known. */
function DayBar({ agent, start, end }: { agent: Agent; start: number; end: number }) {
  const summary = (['online', 'away', 'offline'] as const)
    .map((status) => `${t.statuses[status]} ${duration(agent.totals[status])}`)
    .join(', ');
  return (
    <div
      role="img"
      aria-label={`${agent.name}: ${summary}`}
      data-testid="timeline-bar"
      style={{ position: 'relative', height: 14, minWidth: 160, background: 'rgba(127,127,127,0.12)' }}
    >
      {timelineSegments(agent.intervals, start, end).map((segment) => (
        <span
          key={`${segment.status}-${segment.left}`}
          data-status={segment.status}
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${segment.left}%`,
            width: `${Math.max(segment.width, 0.2)}%`,
            background: COLOURS[segment.status],
          }}
        />
      ))}
    </div>
  );
}

/** The agents' activity timeline (reports → agents): one company day, time in each status, and my own status. */
export function AgentTimeline() {
  const [day, setDay] = useState<Dayjs>(companyNow);
  const key = day.format('YYYY-MM-DD');
  const timeline = useAgentTimeline(key);
  const setStatus = useSetMyStatus();
  const start = dayjs.tz(key).valueOf();
  const end = dayjs.tz(key).add(1, 'day').valueOf();
  const agents = timeline.data?.agents ?? [];
  const columns = [
    { title: t.agent, dataIndex: 'name', key: 'name' },
    {
      title: t.title,
      key: 'bar',
      render: (_: unknown, agent: Agent) => <DayBar agent={agent} start={start} end={end} />,
    },
    ...(['online', 'away', 'offline'] as const).map((status) => ({
      title: t.statuses[status],
      key: status,
      render: (_: unknown, agent: Agent) => duration(agent.totals[status]),
    })),
  ];
  return (
    <Card size="small" title={t.title} data-testid="agent-timeline">
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <DatePicker
          value={day}
          onChange={(value) => value && setDay(value)}
          allowClear={false}
          format="DD/MM/YYYY"
          aria-label={t.day}
          data-testid="timeline-day"
        />
        <span>{t.myStatus}</span>
        <Segmented
          aria-label={t.myStatus}
          options={[
            { value: 'online', label: t.statuses.online },
            { value: 'away', label: t.statuses.away },
          ]}
          onChange={(value) => setStatus.mutate(value === 'away' ? 'away' : 'online')}
          data-testid="my-status"
        />
      </Flex>
      <QueryState
        loading={timeline.isLoading}
        error={timeline.isError}
        empty={agents.length === 0}
        onRetry={() => void timeline.refetch()}
      >
        <ResponsiveTable
          size="small"
          rowKey="employee"
          dataSource={agents}
          columns={columns}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          data-testid="timeline-table"
        />
      </QueryState>
    </Card>
  );
}
