import { listLogs } from '@atende/shared/contracts/logs/list-logs';
import { callRoute } from '../../../lib/api/call-route.ts';

export interface LogsFilter {
  from?: string;
  to?: string;
}

export const fetchLogsPage = (filter: LogsFilter, cursor: string | undefined) =>
  callRoute(listLogs, { query: { from: filter.from, to: filter.to, cursor } });

export const logKeys = {
  all: ['admin', 'logs'] as const,
  list: (filter: LogsFilter) => ['admin', 'logs', filter.from ?? '', filter.to ?? ''] as const,
};
