import { messageView } from '../conversations/views.ts';
import { defineRoute } from '../types.ts';
import { groupParams, sendTextBody } from './send-payloads.ts';

/** Spec point 7: sends a text into the conversation; the answer is the stored message (delivery pending or sent). */
export const sendGroupMessage = defineRoute({
  id: 'messages.send-group',
  method: 'POST',
  path: '/messages/group/{groupId}/send',
  domain: 'messages',
  auth: 'employee',
  params: groupParams,
  body: sendTextBody,
  response: messageView,
  successStatus: 201,
  maxBodyBytes: 1_100_000,
});
