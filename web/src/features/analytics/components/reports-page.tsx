import type { BreakdownDimension } from '@atende/shared/contracts/analytics/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Flex, Grid, Select, Tabs } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useAnalyticsLive } from '../hooks/use-analytics.ts';
import { AgentTimeline } from './agent-timeline.tsx';
import { BreakdownTable } from './breakdown-table.tsx';
import { CampaignsTable } from './campaigns-table.tsx';
import { ConversationsTable } from './conversations-table.tsx';
import { CsatCard } from './csat-card.tsx';
import { ExportButton } from './export-button.tsx';
import { FiltersBar } from './filters-bar.tsx';

const t = ptBR.analytics;

const DIMENSION_REPORTS: { key: string; label: string; by: BreakdownDimension; column: string }[] = [
  { key: 'agents', label: t.reports.agents, by: 'employee', column: t.employee },
  { key: 'departments', label: t.reports.departments, by: 'department', column: t.department },
  { key: 'channels', label: t.reports.channels, by: 'channel', column: t.channel },
  { key: 'tags', label: t.reports.tags, by: 'tag', column: t.tag },
  { key: 'tabulations', label: t.reports.tabulations, by: 'tabulation', column: t.tabulation },
];

/**
 * app/analytics/reports: conversations, agents, departments, channels, tags, service categories, CSAT and
 * campaigns, each with CSV.
 */
export function ReportsPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  useAnalyticsLive();
  const screens = Grid.useBreakpoint();
  const [active, setActive] = useState('conversations');
  const items = [
    {
      key: 'conversations',
      label: t.reports.conversations,
      children: (
        <Flex vertical gap={8}>
          <Flex justify="end">
            <ExportButton report="conversations" />
          </Flex>
          <ConversationsTable />
        </Flex>
      ),
    },
    ...DIMENSION_REPORTS.map((report) => ({
      key: report.key,
      label: report.label,
      children: (
        <Flex vertical gap={8}>
          <Flex justify="end">
            <ExportButton report="breakdown" by={report.by} />
          </Flex>
          <BreakdownTable by={report.by} dimensionLabel={report.column} />
          {report.key === 'agents' && <AgentTimeline />}
        </Flex>
      ),
    })),
    {
      key: 'csat',
      label: t.reports.csat,
      // The distribution of the period, then each agent's average: the grade counts under whoever closed it.
      children: (
        <Flex vertical gap={8}>
          <Flex justify="end">
            <ExportButton report="breakdown" by="employee" />
          </Flex>
          <CsatCard />
          <BreakdownTable by="employee" dimensionLabel={t.employee} />
        </Flex>
      ),
    },
    {
      key: 'campaigns',
      label: t.reports.campaigns,
      children: (
        <Flex vertical gap={8}>
          <Flex justify="end">
            <ExportButton report="campaigns" />
          </Flex>
          <CampaignsTable />
        </Flex>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        <FiltersBar />
        <Tabs
          activeKey={active}
          onChange={setActive}
          items={items}
          // Under lg the reports would overflow the tab strip (antd's overflow button breaks the tablist's
          // ARIA): a select picks the report instead.
          renderTabBar={
            screens.lg
              ? undefined
              : () => (
                  <Select
                    value={active}
                    onChange={setActive}
                    options={items.map((item) => ({ value: item.key, label: item.label }))}
                    aria-label={title}
                    style={{ width: '100%', marginBottom: 16 }}
                    data-testid="reports-section"
                  />
                )
          }
          destroyOnHidden
          data-testid="reports-tabs"
        />
      </Flex>
    </>
  );
}
