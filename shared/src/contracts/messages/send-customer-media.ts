import { messageView } from '../conversations/views.ts';
import { defineRoute } from '../types.ts';
import { chatParams, sendMediaBody } from './send-payloads.ts';

/** Spec point 7: sends an uploaded file (see media presign); the answer is the stored message. */
export const sendCustomerMedia = defineRoute({
  id: 'messages.send-customer-media',
  method: 'POST',
  path: '/messages/customer/{chatId}/trigger-media/send',
  domain: 'messages',
  auth: 'employee',
  params: chatParams,
  body: sendMediaBody,
  response: messageView,
  successStatus: 201,
  maxBodyBytes: 8192,
});
