import * as z from 'zod';
import { conversationView, deliveryStatus, messageView } from '../contracts/conversations/views.ts';
import { SMART_TAG_STATUSES } from '../contracts/smart-tags/views.ts';
import { widgetMessage } from '../contracts/widget/views.ts';
import { TEMPLATE_STATUSES } from '../domain/constants.ts';
import { objectId } from '../domain/object-id.ts';
import { SUGGESTION_STATUSES } from '../rules/suggestion-status.ts';

/**
 * Frames the server pushes: JSON `{event, data}`. Every `data` carries the `company` it belongs to, so a
 * client can drop (and report) a frame meant for another company, as spec point 7 asks.
 */
export const REFRESH_SESSION_WALLET_ACTIONS = [
  'update_wallet',
  'remove_wallet',
  'update_employees',
  'create_wallet',
  'update_wallet_same_name',
  'update_customers_count',
] as const;

export const REFRESH_SESSION_EVENTS = [
  'update-company',
  'departments-update',
  'sub-department-delete',
  'department-delete',
  'tabulation-create',
  'tabulation-update',
  'tabulation-delete',
  'install-app',
  'uninstall-app',
] as const;

export const EMPLOYEE_STATUSES = ['online', 'offline'] as const;

export const SMART_TAG_UPDATE_ACTIONS = ['members', 'status'] as const;

export const DEAL_UPDATE_ACTIONS = ['created', 'updated', 'moved', 'won', 'lost', 'reopened'] as const;

const scoped = <S extends z.ZodRawShape>(shape: S) => z.looseObject({ company: objectId, ...shape });

export const CHANNEL_CHANGE_ACTIONS = ['create', 'update', 'delete', 'connection'] as const;

/** The channels events (refresh-whatsapp, whatsapp-official, ...): which integration changed and how. */
const channelChange = {
  integration: objectId.optional(),
  action: z.enum(CHANNEL_CHANGE_ACTIONS).optional(),
  connection: z.boolean().optional(),
};

/** Payloads whose values the spec does not give stay open beyond the company id. */
export const SERVER_EVENT_SCHEMAS = {
  checkStatus: scoped({ status: z.enum(EMPLOYEE_STATUSES) }),
  'close-others-sessions': scoped({ employee: objectId, sessionId: z.string().min(1) }),
  /** `by`: the employee whose change it was, whose own screen already said so (no second notice). */
  'refresh-session-wallet': scoped({
    action: z.enum(REFRESH_SESSION_WALLET_ACTIONS),
    by: objectId.optional(),
  }),
  /** A T-mail reached the employee: the badge counts it, the open inbox refetches. */
  'tmail-new': scoped({
    tmail: objectId.optional(),
    from: z.string().optional(),
    subject: z.string().optional(),
  }),
  'admin-update-employees': scoped({}),
  'broadcast-employee-connection': scoped({ employee: objectId, status: z.enum(EMPLOYEE_STATUSES) }),
  'inform-sending-excel-by-email': scoped({}),
  'close-call-chat': scoped({}),
  'refresh-whatsapp': scoped(channelChange),
  'whatsapp-official': scoped(channelChange),
  'email-api': scoped(channelChange),
  telegram: scoped(channelChange),
  messenger: scoped(channelChange),
  instagram: scoped(channelChange),
  'refresh-session': scoped({ event: z.enum(REFRESH_SESSION_EVENTS) }),
  /** Inbox: a conversation entered a queue the receiver may see (the browser plays the new-call sound). */
  'new-call': scoped({ conversation: conversationView }),
  /** Inbox: a message was stored in a conversation the receiver may see (masked for the receiver). */
  'new-message': scoped({ conversation: conversationView, message: messageView }),
  /** Inbox: a conversation was transferred; `to_employee` or `to_department` says where it went. */
  'transfer-call': scoped({
    conversation: conversationView,
    from_employee: objectId.nullable(),
    to_employee: objectId.nullable(),
    to_department: objectId.nullable(),
  }),
  /**
   * Inbox, spec point 4 redistributed-call tracking: the call was given to `employee`; `flagged` once it is no
   * longer pending for them (answered, closed or moved). Feed it to rules/redistributed-calls.
   */
  'redistributed-call': scoped({ callId: objectId, employee: objectId, flagged: z.boolean() }),
  /** Inbox: a conversation changed status or owner (taken, closed, reopened, auto closed). */
  'conversation-update': scoped({ conversation: conversationView }),
  /** Inbox: an outbound message's delivery status moved forward (or failed). */
  'message-status': scoped({
    conversation: objectId,
    message: objectId,
    status: deliveryStatus,
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
  /** An operator's message to a site-widget visitor, published to the visitor's own room only. */
  'widget-message': scoped({ message: widgetMessage }),
  /**
   * A smart tag's members (a contact joined or left) or its run (progress, finished, failed) changed; admin
   * screens refetch it. Goes to the whole company room, so it names the smart tag only, never a contact.
   */
  'smart-tag-update': scoped({
    smart_tag: objectId,
    action: z.enum(SMART_TAG_UPDATE_ACTIONS),
    members_count: z.number().int().optional(),
    status: z.enum(SMART_TAG_STATUSES).optional(),
  }),
  /**
   * Funnel: a deal was created, changed or moved. Goes to the company room and names ids only; open boards
   * refetch through the API, which applies each viewer's visibility.
   */
  'deal-update': scoped({
    deal: objectId,
    pipeline: objectId,
    stage: objectId,
    action: z.enum(DEAL_UPDATE_ACTIONS),
  }),
  /** Agenda: an activity of the receiver was created or changed (the agenda and side panels refetch). */
  'activity-update': scoped({ activity: objectId }),
  /** Agenda: an activity of the receiver is due in a few minutes (in-app notice, sent once). */
  'activity-reminder': scoped({
    activity: objectId,
    title: z.string(),
    due_at: z.string(),
    type: z.string(),
  }),
  /** Funnel: a deal the receiver owns entered a stage whose rule notifies the owner. */
  'deal-notice': scoped({ deal: objectId, title: z.string(), stage_name: z.string() }),
  /**
   * Campaigns: a campaign's status or progress changed (company room; ids and counts only, no contact). The
   * campaign screens refetch it, coalesced.
   */
  'campaign-update': scoped({
    campaign: objectId,
    status: z.number().int(),
    paused: z.boolean(),
    attempted: z.number().int(),
    total: z.number().int(),
  }),
  /**
   * Templates: Meta's status webhook moved a template (APPROVED, PAUSED, REJECTED...). Company room; the
   * templates page and the chat's picker refetch that integration's templates.
   */
  'template-status': scoped({
    integration: objectId,
    template: objectId,
    name: z.string(),
    language: z.string(),
    status: z.enum(TEMPLATE_STATUSES),
  }),
  /**
   * Analytics: the ledger took in a change of this conversation. Goes to the company room naming the id only;
   * open dashboards and the wallboard refetch (coalesced) through the API, which scopes each viewer. Without
   * a conversation: a contact's origin or an employee's status interval changed.
   */
  'analytics-update': scoped({ conversation: objectId.optional() }),
  /**
   * Suggestions: an admin moved a suggestion to another status. Goes to the company room naming ids and the
   * status only; open suggestion pages refetch through the API (admin-only) and the author is told.
   */
  'suggestion-update': scoped({
    suggestion: objectId,
    author: objectId,
    status: z.enum(SUGGESTION_STATUSES),
    /** Who moved it: their own page already said so. */
    by: objectId,
  }),
  /** A refused or malformed client frame; nothing else happened. */
  error: scoped({ code: z.string(), message: z.string(), action: z.string().optional() }),
} as const;

export type ServerEvent = keyof typeof SERVER_EVENT_SCHEMAS;

export const SERVER_EVENTS = Object.keys(SERVER_EVENT_SCHEMAS) as ServerEvent[];

export type ServerEventData<E extends ServerEvent> = z.infer<(typeof SERVER_EVENT_SCHEMAS)[E]>;

/** What a publisher supplies: the payload without the company, which comes from the caller's own scope. */
export type ServerEventPayload<E extends ServerEvent> = Omit<ServerEventData<E>, 'company'>;

export interface ServerFrame<E extends ServerEvent = ServerEvent> {
  event: E;
  data: ServerEventData<E>;
  /**
   * The receiving employee's stream position (see functions/src/realtime/sequence.ts): consecutive frames to
   * one employee count up by one, so a client can ask for exactly the ones it missed. Absent on replies and on
   * session-control frames, which are never replayed.
   */
  seq?: number;
}

export type ParsedServerFrame =
  | { kind: 'frame'; frame: ServerFrame }
  | { kind: 'foreign-company'; frame: ServerFrame }
  | { kind: 'invalid' };

const isServerEvent = (value: unknown): value is ServerEvent =>
  typeof value === 'string' && Object.hasOwn(SERVER_EVENT_SCHEMAS, value);

/**
 * Reads a frame received by the browser. A frame for another company is told apart so the caller can raise
 * the critical alert and ignore it.
 */
export function parseServerFrame(text: string, companyId: string): ParsedServerFrame {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'invalid' };
  }
  return readServerFrame(raw, companyId);
}

/** The same check for a frame already decoded, e.g. one of a replay answer's frames. */
export function readServerFrame(raw: unknown, companyId: string): ParsedServerFrame {
  if (!raw || typeof raw !== 'object') return { kind: 'invalid' };
  const { event, data, seq } = raw as { event?: unknown; data?: unknown; seq?: unknown };
  if (!isServerEvent(event)) return { kind: 'invalid' };
  if (seq !== undefined && !(Number.isSafeInteger(seq) && (seq as number) > 0)) return { kind: 'invalid' };
  const parsed = SERVER_EVENT_SCHEMAS[event].safeParse(data);
  if (!parsed.success) return { kind: 'invalid' };
  const frame = { event, data: parsed.data, ...(seq === undefined ? {} : { seq }) } as ServerFrame;
  return parsed.data.company === companyId ? { kind: 'frame', frame } : { kind: 'foreign-company', frame };
}
