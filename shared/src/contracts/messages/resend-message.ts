import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { messageView } from '../conversations/views.ts';
import { defineRoute } from '../types.ts';

/** Sends a failed outbound message again; anything but a failed message answers 409. */
export const resendMessage = defineRoute({
  id: 'messages.resend',
  method: 'POST',
  path: '/messages/{id}/resend',
  domain: 'messages',
  auth: 'employee',
  params: z.object({ id: objectId }),
  response: messageView,
});
