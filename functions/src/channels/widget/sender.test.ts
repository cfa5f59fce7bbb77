import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { InboundStatus } from '@atende/shared/channels/inbound';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { createWidgetSession } from '@atende/shared/contracts/widget/create-widget-session';
import { listWidgetMessages } from '@atende/shared/contracts/widget/list-widget-messages';
import type { WidgetMessagesPage, WidgetSession } from '@atende/shared/contracts/widget/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../../company/test-tenant.ts';
import { handler as integrationsHandler } from '../../integrations/handler.ts';
import { handler as realtimeHandler, type WebSocketEvent } from '../../realtime/handler.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import { createWidgetHandler } from './routes.ts';
import { sendToVisitor, WidgetSendError } from './sender.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let posted: { connectionId: string; frame: ServerFrame }[] = [];
let statuses: InboundStatus[] = [];
const report = async (status: InboundStatus) => {
  statuses.push(status);
};
const widgetHandler = createWidgetHandler({ enqueue: async () => undefined });

let tenant: Tenant;
let widget: IntegrationView;

function connectEvent(connectionId: string, authorizer: Record<string, unknown>): WebSocketEvent {
  return {
    isBase64Encoded: false,
    requestContext: {
      routeKey: '$connect',
      messageId: 'm',
      eventType: 'CONNECT',
      extendedRequestId: 'e',
      requestTime: '21/Nov/2026:22:52:55 +0000',
      messageDirection: 'IN',
      stage: 'test',
      connectedAt: Date.now(),
      requestTimeEpoch: Date.now(),
      requestId: 'r',
      domainName: 'localhost',
      connectionId,
      apiId: 'local',
      authorizer,
    },
  };
}

async function visitor(): Promise<WidgetSession> {
  const response = await callRoute(widgetHandler, createWidgetSession, {
    params: { widgetId: widget._id },
    body: {},
  });
  return response.body as WidgetSession;
}

const outbound = (visitorId: string, messageId = newObjectId()) => ({
  companyId: tenant.companyId,
  integrationId: widget._id,
  externalId: visitorId,
  messageId,
  text: 'Olá! Sou a Ana, como posso ajudar?',
  operatorName: 'Ana',
  createdAt: new Date().toISOString(),
});

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
  tenant = await createTenant();
  widget = (
    await callRoute(integrationsHandler, createChannelIntegration, {
      token: tenant.admin.token,
      body: { type: 'widget', label: 'Site' },
    })
  ).body as IntegrationView;
});

beforeEach(() => {
  posted = [];
  statuses = [];
  management.reset();
  management.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string; Data: Uint8Array }) => {
    posted.push({
      connectionId: input.ConnectionId,
      frame: JSON.parse(Buffer.from(input.Data).toString('utf8')),
    });
    return {};
  });
});

describe('the widget channel sender', () => {
  it("pushes the operator's message to that visitor's open widget only and reports it delivered", async () => {
    const [alice, bob] = await Promise.all([visitor(), visitor()]);
    const context = (session: WidgetSession) => ({
      companyId: tenant.companyId,
      visitorId: session.visitorId,
      widgetId: widget._id,
      role: 'visitor',
      sessionId: newObjectId(),
    });
    await realtimeHandler(connectEvent('aliceConn=', context(alice)), {} as Context);
    await realtimeHandler(connectEvent('bobConn=', context(bob)), {} as Context);

    const message = outbound(alice.visitorId);
    const result = await sendToVisitor(message, report);
    expect(result).toEqual({ providerMessageId: message.messageId, status: 'delivered' });
    expect(posted.map((entry) => entry.connectionId)).toEqual(['aliceConn=']);
    expect(posted[0]?.frame).toEqual({
      event: 'widget-message',
      data: {
        company: tenant.companyId,
        message: {
          id: message.messageId,
          sender: 'operator',
          text: message.text,
          created_at: message.createdAt,
          operator_name: 'Ana',
        },
      },
    });
    expect(statuses).toEqual([
      expect.objectContaining({ kind: 'status', providerMessageId: message.messageId, status: 'delivered' }),
    ]);
  });

  it('keeps the message for a visitor with no open widget (sent, shown on reload) and records a retry once', async () => {
    const session = await visitor();
    const message = outbound(session.visitorId);
    expect((await sendToVisitor(message, report)).status).toBe('sent');
    expect((await sendToVisitor(message, report)).status).toBe('sent');
    expect(statuses).toEqual([]);
    const page = (
      await callRoute(widgetHandler, listWidgetMessages, {
        params: { widgetId: widget._id },
        token: session.token,
      })
    ).body as WidgetMessagesPage;
    expect(page.items).toEqual([
      expect.objectContaining({ id: message.messageId, sender: 'operator', text: message.text }),
    ]);
  });

  it('fails for an unknown visitor or a widget of another company', async () => {
    await expect(sendToVisitor(outbound(newObjectId()), report)).rejects.toBeInstanceOf(WidgetSendError);
    const session = await visitor();
    await expect(
      sendToVisitor({ ...outbound(session.visitorId), companyId: newObjectId() }, report),
    ).rejects.toMatchObject({ code: 'widget_not_found' });
  });
});
