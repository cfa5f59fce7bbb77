import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { updateContact } from '@atende/shared/contracts/contacts/update-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createSmartTag } from '@atende/shared/contracts/smart-tags/create-smart-tag';
import { deleteSmartTag } from '@atende/shared/contracts/smart-tags/delete-smart-tag';
import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { createInbox, type Inbox } from '../conversations/test-inbox.ts';
import { connect } from '../realtime/service.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { domainEventDrain } from '../testing/events.ts';
import { handler } from './handler.ts';
import { type RefreshMessage, refreshMessage } from './queue.ts';
import { runRefresh } from './refresh.ts';
import { fakeRefreshQueue } from './test-queue.ts';

const management = mockClient(ApiGatewayManagementApiClient);
/** Smart tags follow contacts and conversations through their domain events. */
const drainEvents = domainEventDrain();
let posted: { connectionId: string; frame: ServerFrame }[] = [];
let inbox: Inbox;
let queue: ReturnType<typeof fakeRefreshQueue>;
let admin: string;

beforeAll(async () => {
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
  inbox = await createInbox();
  admin = `conn-admin-${newObjectId()}`;
  await connect(
    {
      auth: {
        companyId: inbox.companyId,
        employeeId: inbox.admin.id,
        role: 'admin',
        sessionId: newObjectId(),
        blocked: false,
      },
      connectionId: admin,
    },
    Date.now(),
  );
});

beforeEach(() => {
  queue = fakeRefreshQueue();
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

/** The smart-tag-update frames the admin's connection received, without the company. */
const updates = (smartTag: string) =>
  posted
    .filter((entry) => entry.connectionId === admin && entry.frame.event === 'smart-tag-update')
    .map((entry) => entry.frame.data as Record<string, unknown>)
    .filter((data) => data.smart_tag === smartTag)
    .map(({ company, ...rest }) => {
      expect(company).toBe(inbox.companyId);
      return rest;
    });

const contact = async (fullName: string) => {
  const answer = await callRoute(contactsHandler, createContact, {
    token: inbox.admin.token,
    body: { full_name: fullName },
  });
  await drainEvents();
  expect(answer.status).toBe(201);
  return answer.body as ContactView;
};

const smartTag = async (name: string, prefix: string) => {
  const answer = await callRoute(handler, createSmartTag, {
    token: inbox.admin.token,
    body: {
      name,
      color: '#336699',
      conditions: [{ field: 'full_name', operator: 'starts_with', value: prefix }],
    },
  });
  expect(answer.status).toBe(201);
  return answer.body as SmartTagView;
};

describe('smart-tag-update frames', () => {
  it('announce a run’s start and finish with the members count, not every checkpoint', async () => {
    for (let index = 1; index <= 6; index += 1) await contact(`Rita ${index}`);
    const tag = await smartTag('Ritas', 'rita');
    expect(updates(tag._id)).toEqual([
      { smart_tag: tag._id, action: 'status', status: 'pending', members_count: 0 },
    ]);
    posted = [];
    const [message] = queue.pending.splice(0).map((body) => refreshMessage.parse(JSON.parse(body)));
    // One contact per page: far more checkpoints than frames.
    expect(await runRefresh(message as Extract<RefreshMessage, { kind: 'refresh' }>, { pageSize: 1 })).toBe(
      'done',
    );
    expect(updates(tag._id)).toEqual([
      { smart_tag: tag._id, action: 'status', status: 'running', members_count: 0 },
      { smart_tag: tag._id, action: 'status', status: 'ready', members_count: 6 },
    ]);
  });

  it('announce a membership a contact change makes, naming no contact', async () => {
    const tag = await smartTag('Brunos', 'bruno');
    const other = await smartTag('Carlas', 'carla');
    await queue.drain();
    posted = [];
    const joined = await contact('Bruno Alves');
    expect(updates(tag._id)).toEqual([{ smart_tag: tag._id, action: 'members' }]);
    expect(updates(other._id)).toEqual([]);

    posted = [];
    const renamed = await callRoute(contactsHandler, updateContact, {
      token: inbox.admin.token,
      params: { id: joined._id },
      body: { full_name: 'Carla Alves' },
    });
    await drainEvents();
    expect(renamed.status).toBe(200);
    expect(updates(tag._id)).toEqual([{ smart_tag: tag._id, action: 'members' }]);
    expect(updates(other._id)).toEqual([{ smart_tag: other._id, action: 'members' }]);
    expect(JSON.stringify(posted)).not.toContain(joined._id);

    posted = [];
    await contact('Daniel Sem Tag');
    expect(posted.filter((entry) => entry.frame.event === 'smart-tag-update')).toEqual([]);
  });

  it('announce a removed smart tag', async () => {
    const tag = await smartTag('Eduardos', 'eduardo');
    posted = [];
    const removed = await callRoute(handler, deleteSmartTag, {
      token: inbox.admin.token,
      params: { id: tag._id },
    });
    expect(removed.status).toBe(200);
    expect(updates(tag._id)).toEqual([{ smart_tag: tag._id, action: 'status' }]);
  });
});
