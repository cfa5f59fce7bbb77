import { employeePartition } from '../auth/entities.ts';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PRODUCT_NEWS } from '@atende/shared/content/news';
import { listNews, markNewsRead } from '@atende/shared/contracts/news/routes';
import { newsPtBR } from '@atende/shared/i18n/pt-BR';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Invalid } from '../lib/errors.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';

/** Read marks sit in the employee's partition: pk C#<cid>#EMPLOYEE#<eid>, sk NEWSREAD#<news id>. */
const employeePk = (auth: AuthContext) => employeePartition(auth.companyId, auth.employeeId);

export async function newsFor(auth: AuthContext) {
  const read = new Set(
    (await queryAllByPrefix(employeePk(auth), 'NEWSREAD#')).map((item) =>
      String(item.sk).slice('NEWSREAD#'.length),
    ),
  );
  return {
    items: [...PRODUCT_NEWS]
      .sort((a, b) => b.date.localeCompare(a.date))
      .map((news) => ({ ...news, read: read.has(news.id) })),
  };
}

export async function markRead(auth: AuthContext, ids: readonly string[]) {
  const known = new Set(PRODUCT_NEWS.map((news) => news.id));
  if (ids.some((id) => !known.has(id))) throw new Invalid('ids', newsPtBR.unknown);
  const at = new Date().toISOString();
  await Promise.all(
    [...new Set(ids)].map((id) =>
      clients().document.send(
        new PutCommand({
          TableName: config().mainTable,
          Item: { pk: employeePk(auth), sk: `NEWSREAD#${id}`, entity: 'news_read', read_at: at },
        }),
      ),
    ),
  );
  return newsFor(auth);
}

export const handler = createHttpHandler([
  route(listNews, ({ auth }) => newsFor(auth)),
  route(markNewsRead, ({ auth, body }) => markRead(auth, body.ids)),
]);
