import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { reportCritical, reportTracing } from '@atende/shared/contracts/client-logs/report';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { z } from 'zod';
import type { criticalLogBody } from '@atende/shared/contracts/client-logs/report';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { logger } from '../lib/logger.ts';

/** Browser reports are kept 30 days: long enough to look into an incident, not an archive. */
const KEEP_SECONDS = 30 * 86_400;

/**
 * Stores a browser report under the company (pk C#<cid>#CLIENTLOG#<day>, newest by sort key) and writes it as a
 * structured log line with the company and employee, where the platform's operators search them.
 */
export async function storeClientLog(
  auth: AuthContext,
  level: 'critical' | 'trace',
  body: z.infer<typeof criticalLogBody>,
  now = new Date(),
) {
  const id = newObjectId();
  const at = now.toISOString();
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        pk: `C#${auth.companyId}#CLIENTLOG#${at.slice(0, 10)}`,
        sk: `${at}#${id}`,
        entity: 'client_log',
        _id: id,
        level,
        company: auth.companyId,
        employee: auth.employeeId,
        ...body,
        created_at: at,
        expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      },
    }),
  );
  const fields = {
    companyId: auth.companyId,
    employeeId: auth.employeeId,
    title: body.title,
    message: body.message,
    payload: body.payload,
    clientLog: id,
  };
  if (level === 'critical') logger.error('client critical report', fields);
  else logger.info('client trace', fields);
  return { stored: id };
}

export const handler = createHttpHandler([
  route(reportCritical, ({ auth, body }) => storeClientLog(auth, 'critical', body)),
  route(reportTracing, ({ auth, body }) => storeClientLog(auth, 'trace', body)),
]);
