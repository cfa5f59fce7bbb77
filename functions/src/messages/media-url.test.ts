import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { listMessages } from '@atende/shared/contracts/conversations/list-messages';
import { MEDIA_URL_EXPIRES_SECONDS, type MessageView } from '@atende/shared/contracts/conversations/views';
import { presignMedia } from '@atende/shared/contracts/messages/presign-media';
import { resendMessage } from '@atende/shared/contracts/messages/resend-message';
import { sendCustomerMedia } from '@atende/shared/contracts/messages/send-customer-media';
import { sendCustomerMessage } from '@atende/shared/contracts/messages/send-customer-message';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as conversationsHandler } from '../conversations/handler.ts';
import { withMediaUrl } from '../conversations/media-url.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { connect } from '../realtime/service.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { replaceChannelSender } from '../outbound/senders.ts';

const S3_ENDPOINT = 'http://127.0.0.1:4569';
const management = mockClient(ApiGatewayManagementApiClient);
let frames: ServerFrame[] = [];
let failSends = false;
let inbox: Inbox;
let visitors = 0;

beforeAll(async () => {
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  process.env.S3_ENDPOINT = S3_ENDPOINT;
  process.env.S3_FORCE_PATH_STYLE = 'true';
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  process.env.AWS_REGION ??= 'us-east-1';
  await useTestTables();
  inbox = await createInbox();
  replaceChannelSender('widget', async (message) => {
    if (failSends) throw new Error('provider offline');
    return { providerMessageId: `out-${message._id}` };
  });
});

beforeEach(() => {
  frames = [];
  failSends = false;
  management.reset();
  management.on(PostToConnectionCommand).callsFake((input: { Data: Uint8Array }) => {
    frames.push(JSON.parse(Buffer.from(input.Data).toString('utf8')) as ServerFrame);
    return {};
  });
});

async function served(): Promise<string> {
  const event = inboundText(inbox, { externalId: `media-visitor-${(visitors += 1)}` });
  await deliverInbound(event);
  const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
  const id = ref?.conversation as string;
  await callRoute(conversationsHandler, assignConversation, { token: inbox.operator.token, params: { id } });
  return id;
}

async function sendPhoto(chatId: string) {
  const presigned = await callRoute(handler, presignMedia, {
    token: inbox.operator.token,
    body: { conversation: chatId, file_name: 'foto.png', mime_type: 'image/png', size: 2048 },
  });
  const { file_path } = presigned.body as { file_path: string };
  const sent = await callRoute(handler, sendCustomerMedia, {
    token: inbox.operator.token,
    params: { chatId },
    body: {
      sent_by: 'operator',
      message: { file_name: 'foto.png', file_type: 'image', file_path },
      operator: inbox.operator.id,
      channel: 'widget',
    },
  });
  expect(sent.status).toBe(201);
  return { filePath: file_path, message: sent.body as MessageView };
}

/** The presigned GET's target and signature parameters. */
function expectSignedGet(url: string | undefined, filePath: string) {
  expect(url).toBeDefined();
  const parsed = new URL(url as string);
  expect(parsed.origin).toBe(S3_ENDPOINT);
  expect(decodeURIComponent(parsed.pathname)).toBe(`/atende-local-media/${filePath}`);
  expect(parsed.searchParams.get('X-Amz-Expires')).toBe(String(MEDIA_URL_EXPIRES_SECONDS));
  expect(MEDIA_URL_EXPIRES_SECONDS).toBe(900);
  expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  expect(parsed.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
}

describe('media previews', () => {
  it('answers the sent file with a presigned GET of its stored path', async () => {
    const chatId = await served();
    const { filePath, message } = await sendPhoto(chatId);
    expect(message.media).toMatchObject({ file_name: 'foto.png', file_type: 'image', file_path: filePath });
    expectSignedGet(message.media?.url, filePath);
  });

  it('signs the files of the messages list, and only messages with a file', async () => {
    const chatId = await served();
    await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body: { sent_by: 'operator', message: 'segue a foto', operator: inbox.operator.id, channel: 'widget' },
    });
    const { filePath } = await sendPhoto(chatId);
    const page = await callRoute(conversationsHandler, listMessages, {
      token: inbox.operator.token,
      params: { id: chatId },
    });
    const [photo, textMessage] = (page.body as { items: MessageView[] }).items;
    expectSignedGet(photo?.media?.url, filePath);
    expect(textMessage?.media).toBeUndefined();
    const stranger = await createInbox();
    const hidden = await callRoute(conversationsHandler, listMessages, {
      token: stranger.admin.token,
      params: { id: chatId },
    });
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain('X-Amz-Signature');
  });

  it('puts the URL in the realtime new-message frame and in a resend answer', async () => {
    const chatId = await served();
    await connect(
      {
        auth: {
          companyId: inbox.companyId,
          employeeId: inbox.operator.id,
          role: 'operator',
          sessionId: 'media-conn',
        },
        connectionId: 'media-conn',
      },
      Date.now(),
    );
    failSends = true;
    const { filePath, message } = await sendPhoto(chatId);
    expect(message.status).toBe('failed');
    const published = frames.find((frame) => frame.event === 'new-message');
    const data = published?.data as { message: MessageView } | undefined;
    expectSignedGet(data?.message.media?.url, filePath);
    failSends = false;
    const resent = await callRoute(handler, resendMessage, {
      token: inbox.operator.token,
      params: { id: message._id },
    });
    expect(resent.body).toMatchObject({ status: 'sent' });
    expectSignedGet((resent.body as MessageView).media?.url, filePath);
  });

  it("never signs a path outside the message's own company", async () => {
    const view = {
      _id: newObjectId(),
      conversation: newObjectId(),
      type: 'image',
      content: 'x.png',
      sent_by: 'customer',
      channel: 'widget',
      created_at: new Date().toISOString(),
      read: false,
      flags: [],
      channel_metadata: {},
      company: inbox.companyId,
      status: 'delivered',
      media: { file_name: 'x.png', file_type: 'image', file_path: `media/C/${newObjectId()}/a/x.png` },
    } satisfies MessageView;
    expect((await withMediaUrl(view)).media?.url).toBeUndefined();
    const own = { ...view, media: { ...view.media, file_path: `media/C/${inbox.companyId}/a/x.png` } };
    expect((await withMediaUrl(own)).media?.url).toContain('X-Amz-Signature=');
  });

  it('refuses a file path that climbs out of the conversation prefix, and never signs it', async () => {
    const chatId = await served();
    const stranger = await createInbox();
    const traversal = `media/C/${inbox.companyId}/${chatId}/../../${stranger.companyId}/${newObjectId()}/x.png`;
    const sent = await callRoute(handler, sendCustomerMedia, {
      token: inbox.operator.token,
      params: { chatId },
      body: {
        sent_by: 'operator',
        message: { file_name: 'x.png', file_type: 'image', file_path: traversal },
        operator: inbox.operator.id,
        channel: 'widget',
      },
    });
    expect(sent.status).toBe(400);
    const view = {
      _id: newObjectId(),
      conversation: chatId,
      type: 'image',
      content: 'x.png',
      sent_by: 'customer',
      channel: 'widget',
      created_at: new Date().toISOString(),
      read: false,
      flags: [],
      channel_metadata: {},
      company: inbox.companyId,
      status: 'delivered',
      media: { file_name: 'x.png', file_type: 'image', file_path: traversal },
    } satisfies MessageView;
    expect((await withMediaUrl(view)).media?.url).toBeUndefined();
  });

  it('signs HTML and SVG attachments as downloads, never inline', async () => {
    const base = {
      _id: newObjectId(),
      conversation: newObjectId(),
      type: 'doc',
      sent_by: 'customer',
      channel: 'email',
      created_at: new Date().toISOString(),
      read: false,
      flags: [] as string[],
      channel_metadata: {},
      company: inbox.companyId,
      status: 'delivered',
    } as const;
    for (const name of ['fatura.html', 'logo.svg']) {
      const view: MessageView = {
        ...base,
        content: name,
        media: {
          file_name: name,
          file_type: 'doc',
          file_path: `media/C/${inbox.companyId}/inbound/a/${name}`,
        },
      };
      const url = new URL((await withMediaUrl(view)).media?.url as string);
      expect(url.searchParams.get('response-content-disposition')).toMatch(/^attachment;/);
      expect(url.searchParams.get('response-content-type')).toBe('application/octet-stream');
    }
  });
});
