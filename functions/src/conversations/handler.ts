import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { closeConversation } from '@atende/shared/contracts/conversations/close-conversation';
import { getConversation } from '@atende/shared/contracts/conversations/get-conversation';
import { getTranscript } from '@atende/shared/contracts/conversations/get-transcript';
import { listConversations } from '@atende/shared/contracts/conversations/list-conversations';
import { listMessages } from '@atende/shared/contracts/conversations/list-messages';
import { transferConversation } from '@atende/shared/contracts/conversations/transfer-conversation';
import { customersQueueWaitCount } from '@atende/shared/contracts/queue/customers-queue-wait-count';
import { reallocatedCustomersQueueWaitCount } from '@atende/shared/contracts/queue/reallocated-customers-queue-wait-count';
import { createHttpHandler, route } from '../lib/http.ts';
import * as counts from './counts.ts';
import * as service from './service.ts';
import * as transitions from './transitions.ts';

export const handler = createHttpHandler([
  route(listConversations, ({ auth, query }) => service.listConversations(auth, query)),
  route(getConversation, ({ auth, params }) => service.getConversationView(auth, params.id)),
  route(listMessages, ({ auth, params, query }) => service.listMessages(auth, params.id, query)),
  route(getTranscript, ({ auth, params }) => service.getTranscript(auth, params.id)),
  route(assignConversation, ({ auth, params }) => transitions.assignConversation(auth, params.id)),
  route(transferConversation, ({ auth, params, body }) =>
    transitions.transferConversation(auth, params.id, body),
  ),
  route(closeConversation, ({ auth, params, body }) => transitions.closeConversation(auth, params.id, body)),
  route(customersQueueWaitCount, ({ auth, body }) => counts.customersQueueWaitCount(auth, body)),
  route(reallocatedCustomersQueueWaitCount, ({ auth, body }) => counts.reallocatedQueueWaitCount(auth, body)),
]);
