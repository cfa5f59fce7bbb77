import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { visitorRoom } from '@atende/shared/realtime/rooms';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { connectionPk, expiresAt, META, roomPk } from './store.ts';
import type { VisitorContext } from './visitor-context.ts';

/**
 * A site-widget visitor's connection, in the same layout as an employee's (so $disconnect, gone-connection
 * clean-up and publishToRoom work unchanged), indexed on gsi1 by visitor instead of by employee. A visitor is
 * in exactly one room, their own.
 */
const visitorConnectionsPk = (companyId: string, visitorId: string) =>
  `C#${companyId}#VISITOR#${visitorId}#CONN#`;

export async function putVisitorConnection(
  visitor: VisitorContext,
  connectionId: string,
  connectedAt: number,
): Promise<void> {
  const { companyId, visitorId, widgetId, sessionId } = visitor;
  const TableName = config().mainTable;
  const ttl = expiresAt();
  const room = visitorRoom(companyId, visitorId);
  await clients().document.send(
    new PutCommand({
      TableName,
      Item: {
        pk: connectionPk(companyId, connectionId),
        sk: META,
        gsi1pk: visitorConnectionsPk(companyId, visitorId),
        gsi1sk: connectionId,
        connectionId,
        companyId,
        visitorId,
        widgetId,
        role: 'visitor',
        sessionId,
        connectedAt,
        expiresAt: ttl,
      },
    }),
  );
  await clients().document.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          ConditionCheck: {
            TableName,
            Key: { pk: connectionPk(companyId, connectionId), sk: META },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Put: {
            TableName,
            Item: { pk: connectionPk(companyId, connectionId), sk: `ROOM#${room}`, room, expiresAt: ttl },
          },
        },
        {
          Put: {
            TableName,
            Item: {
              pk: roomPk(companyId, room),
              sk: `CONN#${connectionId}`,
              connectionId,
              visitorId,
              sessionId,
              expiresAt: ttl,
            },
          },
        },
      ],
    }),
  );
}
