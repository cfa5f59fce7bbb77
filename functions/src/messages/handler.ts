import { presignMedia } from '@atende/shared/contracts/messages/presign-media';
import { resendMessage } from '@atende/shared/contracts/messages/resend-message';
import { sendCustomerMedia } from '@atende/shared/contracts/messages/send-customer-media';
import { sendCustomerMessage } from '@atende/shared/contracts/messages/send-customer-message';
import { sendGroupMedia } from '@atende/shared/contracts/messages/send-group-media';
import { sendGroupMessage } from '@atende/shared/contracts/messages/send-group-message';
import { createHttpHandler, route } from '../lib/http.ts';
import * as media from './media.ts';
import * as service from './service.ts';

/**
 * The group routes address a group conversation by its id; the engine keeps groups as conversations, so they
 * share the customer routes' implementation.
 */
export const handler = createHttpHandler([
  route(sendCustomerMessage, ({ auth, params, body }) => service.sendText(auth, params.chatId, body)),
  route(sendGroupMessage, ({ auth, params, body }) => service.sendText(auth, params.groupId, body)),
  route(sendCustomerMedia, ({ auth, params, body }) => service.sendMedia(auth, params.chatId, body)),
  route(sendGroupMedia, ({ auth, params, body }) => service.sendMedia(auth, params.chatId, body)),
  route(presignMedia, ({ auth, body }) => media.presignMedia(auth, body)),
  route(resendMessage, ({ auth, params }) => service.resend(auth, params.id)),
]);
