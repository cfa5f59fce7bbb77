import { messageView } from '../conversations/views.ts';
import { defineRoute } from '../types.ts';
import { chatParams, sendMediaBody } from './send-payloads.ts';

/** Spec point 7 names the group's path parameter chatId too. */
export const sendGroupMedia = defineRoute({
  id: 'messages.send-group-media',
  method: 'POST',
  path: '/messages/group/{chatId}/trigger-media/send',
  domain: 'messages',
  auth: 'employee',
  params: chatParams,
  body: sendMediaBody,
  response: messageView,
  successStatus: 201,
  maxBodyBytes: 8192,
});
