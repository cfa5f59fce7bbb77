import type { ConversationView, MessageView } from '@atende/shared/contracts/conversations/views';
import type { Role } from '@atende/shared/domain/constants';
import type { DeliveryStatus } from '@atende/shared/channels/inbound';
import { companyRoom } from '@atende/shared/realtime/rooms';
import type { ServerEvent, ServerEventPayload } from '@atende/shared/realtime/server-events';
import { getEmployee } from '../account/store.ts';
import type { CompanyItem } from '../company/store.ts';
import { onResetClients } from '../lib/clients.ts';
import { logger } from '../lib/logger.ts';
import { publishToEmployee, publishToEmployeeConnections } from '../realtime/publish.ts';
import { listListeners } from '../realtime/sequence-store.ts';
import { listRoomMembers } from '../realtime/store.ts';
import { customerChannelOf, type KnownCustomer } from './customer-channels.ts';
import { withMediaUrl } from './media-url.ts';
import { type ConversationRecord, pickConversationView } from './records.ts';
import { canSee, maskConversation, type Viewer, viewerOf } from './visibility.ts';
import { limitingWallets } from './wallet-reach.ts';

/** Roles change rarely; a short cache keeps a burst of messages from re-reading every watcher's profile. */
const ROLE_TTL_MS = 30_000;
const roles = new Map<string, { role: Role | undefined; until: number }>();
onResetClients(() => roles.clear());

async function roleOf(companyId: string, employeeId: string): Promise<Role | undefined> {
  const key = `${companyId}:${employeeId}`;
  const cached = roles.get(key);
  if (cached && cached.until > Date.now()) return cached.role;
  const employee = await getEmployee(companyId, employeeId);
  const role = employee && !employee.inactive ? employee.role : undefined;
  roles.set(key, { role, until: Date.now() + ROLE_TTL_MS });
  return role;
}

interface Audience {
  viewer: Viewer;
  connections: string[];
}

/**
 * The listening employees who may see the conversation (every connection is in its company's room; the
 * department, permission and wallet rules of canSee), each with their masking; `always` adds employees who must hear about it even if they no longer see it (a transfer's
 * previous owner).
 */
async function audience(
  company: CompanyItem,
  companyId: string,
  conversation: ConversationRecord,
  always: readonly string[] = [],
): Promise<Audience[]> {
  const [members, wallets, listeners] = await Promise.all([
    listRoomMembers(companyId, companyRoom(companyId)),
    limitingWallets(companyId, company),
    listListeners(companyId),
  ]);
  // An employee whose sockets are all down still gets the frame kept for their replay (issue 20 item 14).
  const byEmployee = new Map<string, string[]>(listeners.map((employeeId) => [employeeId, []]));
  for (const member of members) {
    byEmployee.set(member.employeeId, [...(byEmployee.get(member.employeeId) ?? []), member.connectionId]);
  }
  const result: Audience[] = [];
  await Promise.all(
    [...byEmployee].map(async ([employeeId, connections]) => {
      const role = await roleOf(companyId, employeeId);
      if (!role) return;
      const viewer = viewerOf(company, employeeId, role, wallets);
      if (always.includes(employeeId) || canSee(viewer, conversation)) result.push({ viewer, connections });
    }),
  );
  return result;
}

type ConversationEvent =
  'new-call' | 'new-message' | 'transfer-call' | 'conversation-update' | 'close-call-chat' | 'message-status';

/**
 * Sends an inbox event to whoever may see the conversation, masked per receiver. The change is already
 * stored: a failed publish is logged and never fails the caller.
 */
export async function publishConversationEvent<E extends ConversationEvent>(
  company: CompanyItem,
  conversation: ConversationRecord,
  event: E,
  payload: (view: ConversationView) => ServerEventPayload<E>,
  always: readonly string[] = [],
  /** The conversation's customer as the caller just read it: its channel is not read again. */
  customer?: KnownCustomer,
): Promise<void> {
  const companyId = conversation.company;
  try {
    const [receivers, customerChannel] = await Promise.all([
      audience(company, companyId, conversation, always),
      customerChannelOf(conversation, customer),
    ]);
    const base = pickConversationView(conversation, customerChannel);
    await Promise.all(
      receivers.map(({ viewer, connections }) =>
        publishToEmployeeConnections(
          companyId,
          viewer.employeeId,
          connections,
          event as ServerEvent,
          payload(maskConversation(base, viewer)) as ServerEventPayload<ServerEvent>,
        ),
      ),
    );
  } catch (error) {
    logger.warn(`${event} not delivered`, {
      companyId,
      conversation: conversation._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export const publishNewCall = (
  company: CompanyItem,
  conversation: ConversationRecord,
  customer?: KnownCustomer,
) =>
  publishConversationEvent(
    company,
    conversation,
    'new-call',
    (view) => ({ conversation: view }),
    [],
    customer,
  );

/** The message goes out with its file's presigned URL, like the messages list answers it. */
export async function publishNewMessage(
  company: CompanyItem,
  conversation: ConversationRecord,
  message: MessageView,
  customer?: KnownCustomer,
): Promise<void> {
  const signed = await withMediaUrl(message).catch((error: unknown) => {
    logger.warn('media url not signed', {
      message: message._id,
      error: error instanceof Error ? error.message : String(error),
    });
    return message;
  });
  await publishConversationEvent(
    company,
    conversation,
    'new-message',
    (view) => ({ conversation: view, message: signed }),
    [],
    customer,
  );
}

export const publishUpdate = (
  company: CompanyItem,
  conversation: ConversationRecord,
  always: readonly string[] = [],
) =>
  publishConversationEvent(
    company,
    conversation,
    'conversation-update',
    (view) => ({ conversation: view }),
    always,
  );

export const publishClosed = (company: CompanyItem, conversation: ConversationRecord) =>
  publishConversationEvent(company, conversation, 'close-call-chat', (view) => ({
    conversation: view,
    employee: conversation.employee?._id ?? null,
  }));

export const publishMessageStatus = (
  company: CompanyItem,
  conversation: ConversationRecord,
  message: string,
  status: DeliveryStatus,
  error?: { code: string; message: string },
) =>
  publishConversationEvent(company, conversation, 'message-status', () => ({
    conversation: conversation._id,
    message,
    status,
    ...(error ? { error } : {}),
  }));

/**
 * A transfer: every watcher gets transfer-call; the previous owner and the receiver also get the spec point 4
 * redistributed-call frame (flagged for whoever no longer holds it).
 */
export async function publishTransfer(
  company: CompanyItem,
  conversation: ConversationRecord,
  fromEmployee: string | null,
): Promise<void> {
  const toEmployee = conversation.status === 'in_service' ? (conversation.employee?._id ?? null) : null;
  await publishConversationEvent(
    company,
    conversation,
    'transfer-call',
    (view) => ({
      conversation: view,
      from_employee: fromEmployee,
      to_employee: toEmployee,
      to_department: toEmployee ? null : conversation.department,
    }),
    fromEmployee ? [fromEmployee] : [],
  );
  const targets = [...new Set([fromEmployee, toEmployee].filter((id): id is string => id !== null))];
  await Promise.all(
    targets.map((employee) =>
      publishRedistributed(conversation, employee, toEmployee, employee !== toEmployee),
    ),
  );
}

/** Spec point 4 tracking: tells `receiver` the call is (flagged: no longer) pending for `target`. */
export async function publishRedistributed(
  conversation: ConversationRecord,
  receiver: string,
  target: string | null,
  flagged: boolean,
): Promise<void> {
  await publishToEmployee(conversation.company, receiver, 'redistributed-call', {
    callId: conversation._id,
    employee: target ?? receiver,
    flagged,
  }).catch((error: unknown) => {
    logger.warn('redistributed-call not delivered', {
      conversation: conversation._id,
      error: error instanceof Error ? error.message : String(error),
    });
  });
}
