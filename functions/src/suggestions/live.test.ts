import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import {
  createSuggestion,
  type SuggestionView,
  updateSuggestionStatus,
} from '@atende/shared/contracts/suggestions/routes';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { connect } from '../realtime/service.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let posted: { connectionId: string; frame: ServerFrame }[] = [];
let a: Tenant;
let b: Tenant;
let authorConnection: string;
let viewerConnection: string;
let otherCompanyConnection: string;

const open = async (tenant: Tenant, who: 'admin' | 'manager') => {
  const connectionId = `conn-${newObjectId()}`;
  await connect(
    {
      auth: {
        companyId: tenant.companyId,
        employeeId: tenant[who].id,
        role: who,
        sessionId: newObjectId(),
        blocked: false,
      },
      connectionId,
    },
    Date.now(),
  );
  return connectionId;
};

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [authorConnection, viewerConnection, otherCompanyConnection] = await Promise.all([
    open(a, 'admin'),
    open(a, 'manager'),
    open(b, 'admin'),
  ]);
});

beforeEach(() => {
  posted = [];
  management.reset();
  management.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string; Data: Uint8Array }) => {
    posted.push({
      connectionId: input.ConnectionId,
      frame: JSON.parse(Buffer.from(input.Data).toString('utf8')) as ServerFrame,
    });
    return {};
  });
});

describe('suggestion status, live', () => {
  it("tells the company's open sessions (the author's included) of a status change, and no other company", async () => {
    const suggestion = (
      await callRoute(handler, createSuggestion, {
        token: a.admin.token,
        body: { title: 'Atalhos de teclado', description: 'Responder com Ctrl+Enter.' },
      })
    ).body as SuggestionView;
    expect(posted.filter((entry) => entry.frame.event === 'suggestion-update')).toEqual([]);

    const moved = await callRoute(handler, updateSuggestionStatus, {
      token: a.admin.token,
      params: { id: suggestion._id },
      body: { status: 'reviewing' },
    });
    expect(moved.status).toBe(200);
    const frames = posted.filter((entry) => entry.frame.event === 'suggestion-update');
    expect(frames.map((entry) => entry.connectionId).sort()).toEqual(
      [authorConnection, viewerConnection].sort(),
    );
    expect(frames[0]?.frame.data).toEqual({
      company: a.companyId,
      suggestion: suggestion._id,
      author: a.admin.id,
      status: 'reviewing',
      by: a.admin.id,
    });
    expect(posted.some((entry) => entry.connectionId === otherCompanyConnection)).toBe(false);
  });

  it('sends nothing when the move is refused', async () => {
    const suggestion = (
      await callRoute(handler, createSuggestion, {
        token: a.admin.token,
        body: { title: 'Modo escuro', description: 'Tema escuro no app.' },
      })
    ).body as SuggestionView;
    const refused = await callRoute(handler, updateSuggestionStatus, {
      token: a.admin.token,
      params: { id: suggestion._id },
      body: { status: 'done' },
    });
    expect(refused.status).toBe(400);
    expect(posted.filter((entry) => entry.frame.event === 'suggestion-update')).toEqual([]);
  });
});
