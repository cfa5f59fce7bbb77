import { listLogs as listLogsRoute } from '@atende/shared/contracts/logs/list-logs';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { listLogs } from './service.ts';

export const handler = createHttpHandler([route(listLogsRoute, ({ auth, query }) => listLogs(auth, query))], {
  accessContext: loadAccessContext,
});
