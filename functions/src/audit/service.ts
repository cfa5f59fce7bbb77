import type { listLogsQuery } from '@atende/shared/contracts/logs/list-logs';
import { dayRangeInstants } from '@atende/shared/contracts/logs/day-range';
import { DEFAULT_TIMEZONE } from '@atende/shared/domain/constants';
import type { z } from 'zod';
import { getCompany } from '../account/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { listAuditEntries } from './store.ts';

/** app/logs: the trail of the caller's company, the date range read as days of the company's timezone. */
export async function listLogs(auth: AuthContext, query: z.infer<typeof listLogsQuery>) {
  const company = await getCompany(auth.companyId);
  const timeZone = company?.settings.timezone ?? DEFAULT_TIMEZONE;
  return listAuditEntries(auth.companyId, {
    ...dayRangeInstants({ from: query.from, to: query.to }, timeZone),
    entity: query.entity,
    cursor: query.cursor,
    limit: query.limit,
  });
}
