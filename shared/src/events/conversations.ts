import * as z from 'zod';
import {
  conversationCustomer,
  conversationStatus,
  conversationView,
  deliveryStatus,
  messageView,
} from '../contracts/conversations/views.ts';
import { defineEvent } from './envelope.ts';

/**
 * A conversation as the API shows it, except the customer's current channel, which the stored copy may lack
 * (the API fills it from the customer item): events carry what the conversation item holds.
 */
export const conversationEventView = conversationView.extend({
  customer: conversationCustomer.partial({ channel: true }),
});
const employeeRef = z.object({ _id: z.string(), name: z.string() }).nullable();

export const messageCreated = defineEvent('message.created', z.object({ message: messageView }));
export const messageStatusChanged = defineEvent(
  'message.status_changed',
  z.object({ message: messageView, previous_status: deliveryStatus }),
);
export const conversationOpened = defineEvent(
  'conversation.opened',
  z.object({ conversation: conversationEventView }),
);
/** Taken by (or handed to) an employee from the bot or a queue. */
export const conversationAssigned = defineEvent(
  'conversation.assigned',
  z.object({ conversation: conversationEventView, previous_status: conversationStatus }),
);
/** Moved from one employee or department to another while open. */
export const conversationTransferred = defineEvent(
  'conversation.transferred',
  z.object({
    conversation: conversationEventView,
    from: z.object({ employee: employeeRef, department: z.string().nullable() }),
  }),
);
export const conversationClosed = defineEvent(
  'conversation.closed',
  z.object({ conversation: conversationEventView, previous_status: conversationStatus }),
);

/**
 * The status moved without an assignment, a transfer or a close (the bot handing over to the same
 * department's queue, an employee returning a conversation to its queue): where waiting starts.
 */
export const conversationStatusChanged = defineEvent(
  'conversation.status_changed',
  z.object({ conversation: conversationEventView, previous_status: conversationStatus }),
);
/** The customer answered the service evaluation of a closed conversation (CSAT, grade 1–5). */
export const conversationEvaluated = defineEvent(
  'conversation.evaluated',
  z.object({
    conversation: conversationEventView,
    evaluation: z.object({ grade: z.number().int().min(1).max(5), answered_at: z.string() }),
  }),
);

export const CONVERSATION_EVENTS = [
  messageCreated,
  messageStatusChanged,
  conversationOpened,
  conversationAssigned,
  conversationTransferred,
  conversationClosed,
  conversationStatusChanged,
  conversationEvaluated,
] as const;
