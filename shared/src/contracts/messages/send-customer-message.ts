import { messageView } from '../conversations/views.ts';
import { defineRoute } from '../types.ts';
import { chatParams, sendTextBody } from './send-payloads.ts';

/** Spec point 7: sends a text into the conversation; the answer is the stored message (delivery pending or sent). */
export const sendCustomerMessage = defineRoute({
  id: 'messages.send-customer',
  method: 'POST',
  path: '/messages/customer/{chatId}/send',
  domain: 'messages',
  auth: 'employee',
  params: chatParams,
  body: sendTextBody,
  response: messageView,
  successStatus: 201,
  maxBodyBytes: 1_100_000,
});
