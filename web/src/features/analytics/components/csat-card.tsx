import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Card } from 'antd';
import { useAtomValue } from 'jotai';
import { useOverview } from '../hooks/use-analytics.ts';
import { analyticsQueryAtom } from '../state/filters.ts';
import { Chart } from './chart.tsx';
import { csatOption } from './chart-options.ts';
import { QueryState } from './query-state.tsx';

const t = ptBR.analytics;

/** The CSAT distribution of the filtered period (the overview's grades), with its states. */
export function CsatCard() {
  const query = useAtomValue(analyticsQueryAtom);
  const overview = useOverview(query);
  const csat = overview.data?.csat;
  return (
    <Card size="small" title={t.csatDistribution}>
      <QueryState
        loading={overview.isLoading}
        error={overview.isError}
        empty={!csat || csat.responses === 0}
        onRetry={() => void overview.refetch()}
      >
        {csat && <Chart option={csatOption(csat)} testId="chart-csat" />}
      </QueryState>
    </Card>
  );
}
