import { randomUUID } from 'node:crypto';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { createWidgetSession } from '@atende/shared/contracts/widget/create-widget-session';
import type { WidgetSession } from '@atende/shared/contracts/widget/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorize } from '../../auth/authorizer.ts';
import { signingSecret } from '../../auth/secrets.ts';
import { callRoute } from '../../auth/test-gateway.ts';
import { signVisitorToken } from '../../auth/tokens.ts';
import { createTenant, type Tenant } from '../../company/test-tenant.ts';
import { handler as integrationsHandler } from '../../integrations/handler.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import { createWidgetHandler } from './routes.ts';

const widgetHandler = createWidgetHandler({ enqueue: async () => undefined });

let tenant: Tenant;
let widget: IntegrationView;
let session: WidgetSession;

/** The REQUEST authorizer event API Gateway sends for a WebSocket $connect (token in the query string). */
function connectEvent(token: string): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:us-east-1:123456789012:wsapi/prod/$connect',
    resource: '$connect',
    path: '/ws',
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: { token },
    multiValueQueryStringParameters: { token: [token] },
    pathParameters: null,
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'wsapi',
      authorizer: undefined,
      httpMethod: 'GET',
      identity: {} as APIGatewayRequestAuthorizerEvent['requestContext']['identity'],
      path: '/ws',
      protocol: 'HTTP/1.1',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: '$connect',
      resourcePath: '$connect',
      stage: 'prod',
    },
  };
}

async function createWidget(label: string) {
  const response = await callRoute(integrationsHandler, createChannelIntegration, {
    token: tenant.admin.token,
    body: { type: 'widget', label },
  });
  return response.body as IntegrationView;
}

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  tenant = await createTenant();
  widget = await createWidget('Site');
  session = (
    await callRoute(widgetHandler, createWidgetSession, { params: { widgetId: widget._id }, body: {} })
  ).body as WidgetSession;
});

describe('authorizer and visitor tokens', () => {
  it('accepts a visitor token on the WebSocket $connect with a visitor context', async () => {
    const result = await authorize(connectEvent(session.token));
    expect(result.context).toEqual({
      companyId: tenant.companyId,
      visitorId: session.visitorId,
      widgetId: widget._id,
      role: 'visitor',
      sessionId: expect.any(String),
    });
    expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Allow' });
  });

  it('refuses a visitor token on every employee REST route (the authorizer answers 401)', async () => {
    const response = await callRoute(integrationsHandler, listChannelIntegrations, { token: session.token });
    expect(response.status).toBe(401);
  });

  it('keeps employee tokens working on REST and on $connect', async () => {
    const listed = await callRoute(integrationsHandler, listChannelIntegrations, {
      token: tenant.operator.token,
    });
    expect(listed.status).toBe(200);
    const result = await authorize(connectEvent(tenant.operator.token));
    expect(result.context).toMatchObject({
      companyId: tenant.companyId,
      employeeId: tenant.operator.id,
      role: 'operator',
    });
  });

  it('refuses a visitor whose widget was deleted or who never existed', async () => {
    const doomed = await createWidget('Some');
    const doomedSession = (
      await callRoute(widgetHandler, createWidgetSession, { params: { widgetId: doomed._id }, body: {} })
    ).body as WidgetSession;
    await expect(authorize(connectEvent(doomedSession.token))).resolves.toBeDefined();
    await callRoute(integrationsHandler, deleteChannelIntegration, {
      token: tenant.admin.token,
      params: { id: doomed._id },
    });
    await expect(authorize(connectEvent(doomedSession.token))).rejects.toThrow('Unauthorized');

    const ghost = await signVisitorToken(
      {
        visitorId: newObjectId(),
        companyId: tenant.companyId,
        widgetId: widget._id,
        sessionId: newObjectId(),
      },
      await signingSecret(),
    );
    await expect(authorize(connectEvent(ghost))).rejects.toThrow('Unauthorized');
  });

  it('refuses a visitor token naming a widget of another company', async () => {
    const forged = await signVisitorToken(
      {
        visitorId: session.visitorId,
        companyId: newObjectId(),
        widgetId: widget._id,
        sessionId: newObjectId(),
      },
      await signingSecret(),
    );
    await expect(authorize(connectEvent(forged))).rejects.toThrow('Unauthorized');
  });
});
