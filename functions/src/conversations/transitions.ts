import type { closeConversationBody } from '@atende/shared/contracts/conversations/close-conversation';
import type { transferConversationBody } from '@atende/shared/contracts/conversations/transfer-conversation';
import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { tabulationView } from '@atende/shared/contracts/tabulations/views';
import { interpolate, plural } from '@atende/shared/i18n/interpolate';
import { inboxPtBR } from '@atende/shared/i18n/pt-BR';
import { flowRuntimePtBR } from '@atende/shared/i18n/pt-BR-flows';
import { reachesCustomer } from '@atende/shared/rules/wallet-reach';
import * as z from 'zod';
import { getEmployee } from '../account/store.ts';
import { readSettings } from '../company/settings-reader.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, Forbidden, Invalid } from '../lib/errors.ts';
import { postSystemMessage } from './bot-messages.ts';
import { type CallerContext, visibleConversation } from './context.ts';
import { customerChannelOf } from './customer-channels.ts';
import {
  publishClosed,
  publishNewCall,
  publishRedistributed,
  publishTransfer,
  publishUpdate,
} from './events.ts';
import { countQuery } from '../lib/dynamo/query.ts';
import { intervalRemainingMs } from './queue-rules.ts';
import { type ConversationRecord, pickConversationView } from './records.ts';
import { getChatState, transition } from './transition-store.ts';
import { companyDepartments, maskConversation, mayTake } from './visibility.ts';
import { limitingWallets, reachOf } from './wallet-reach.ts';
import { conversationEntity } from './entities.ts';

const notices = flowRuntimePtBR;

const view = async (record: ConversationRecord, context: CallerContext): Promise<ConversationView> =>
  maskConversation(pickConversationView(record, await customerChannelOf(record)), context.viewer);

async function employeeRef(companyId: string, employeeId: string) {
  const employee = await getEmployee(companyId, employeeId);
  if (!employee || employee.inactive) throw new Invalid('employee', inboxPtBR.employeeNotFound);
  return { _id: employee._id, name: employee.name };
}

/** Under the wallet limit (spec point 5), a wallet customer's conversation goes only to that wallet's members. */
async function requireWalletMember(
  context: CallerContext,
  companyId: string,
  employeeId: string,
  wallet: string | null,
) {
  if (wallet === null) return;
  const [employee, wallets] = await Promise.all([
    getEmployee(companyId, employeeId),
    limitingWallets(companyId, context.company),
  ]);
  const reach = reachOf(context.company, employeeId, employee?.role ?? 'operator', wallets);
  if (!reachesCustomer(reach, wallet)) throw new Invalid('employee', inboxPtBR.outsideWallet);
}

/** Conversations in service with the employee, counted on their inbox partition. */
export const activeChats = (companyId: string, employeeId: string) =>
  countQuery(conversationEntity.indexQuery('inbox', [companyId, 'in_service', employeeId]));

/**
 * Settings rules on taking a call: the limit of simultaneous chats per operator and the rest interval after a
 * close. The count is read, not locked: two takes in the same instant may exceed the limit by one.
 */
async function checkCapacity(context: CallerContext, companyId: string, employeeId: string, now: Date) {
  const settings = readSettings(context.company);
  const max = settings.chatLimits.maxActiveChatsPerOperator;
  if (max > 0 && (await activeChats(companyId, employeeId)) >= max) {
    throw new Conflict(plural(inboxPtBR.maxActiveChats, max));
  }
  const state = await getChatState(companyId, employeeId);
  if (intervalRemainingMs(settings, state.last_closed_at, now) > 0) throw new Conflict(inboxPtBR.interval);
}

/** The caller takes a call from a queue they may take from. */
export async function assignConversation(auth: AuthContext, id: string): Promise<ConversationView> {
  const context = await visibleConversation(auth, id);
  const { conversation } = context;
  if (conversation.status === 'in_service') throw new Conflict(inboxPtBR.alreadyTaken);
  if (conversation.status !== 'queue' && conversation.status !== 'bot')
    throw new Conflict(inboxPtBR.notInQueue);
  if (!mayTake(context.viewer, conversation)) throw new Forbidden(inboxPtBR.notAllowed);
  const now = new Date();
  await checkCapacity(context, auth.companyId, auth.employeeId, now);
  const moved = await transition(conversation, {
    status: 'in_service',
    employee: await employeeRef(auth.companyId, auth.employeeId),
    now: now.toISOString(),
  });
  if (!moved) throw new Conflict(inboxPtBR.alreadyTaken);
  await publishUpdate(context.company, moved);
  const shown = readSettings(context.company).hiddenSystemMessages.startEnd
    ? moved
    : await postSystemMessage(
        context.company,
        moved,
        interpolate(notices.startService, { protocol: moved.protocol }),
      );
  return view(shown, context);
}

/**
 * To an employee (in service with them, a redistributed call until they answer) or to a department's queue.
 * Operators need allow_operator_transfer_call and may transfer only what they serve or may take.
 */
export async function transferConversation(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof transferConversationBody>,
): Promise<ConversationView> {
  const context = await visibleConversation(auth, id);
  const { conversation, viewer } = context;
  if (conversation.status === 'closed') throw new Conflict(inboxPtBR.alreadyClosed);
  if (viewer.role === 'operator') {
    if (viewer.permissions.allow_operator_transfer_call !== true)
      throw new Forbidden(inboxPtBR.transferNotAllowed);
    const own = conversation.employee?._id === auth.employeeId;
    if (!own && !(conversation.status === 'queue' && mayTake(viewer, conversation))) {
      throw new Forbidden(inboxPtBR.notAllowed);
    }
  }
  const now = new Date().toISOString();
  const from = conversation.employee?._id ?? null;
  let moved: ConversationRecord | undefined;
  let targetName: string | undefined;
  if (body.employee) {
    const target = await employeeRef(auth.companyId, body.employee);
    targetName = target.name;
    await requireWalletMember(context, auth.companyId, target._id, conversation.wallet);
    moved = await transition(conversation, {
      status: 'in_service',
      employee: target,
      redistributed: target._id !== auth.employeeId,
      redistributed_to: target._id !== auth.employeeId ? target._id : null,
      now,
    });
  } else if (body.department) {
    const department = companyDepartments(context.company).find((node) => node._id === body.department);
    if (!department) throw new Invalid('department', inboxPtBR.departmentNotFound);
    targetName = department.name;
    moved = await transition(conversation, {
      status: 'queue',
      department: body.department,
      redistributed: false,
      redistributed_to: null,
      now,
    });
  }
  if (!moved) throw new Conflict(inboxPtBR.alreadyTaken);
  await publishTransfer(context.company, moved, from);
  if (moved.status === 'queue') await publishNewCall(context.company, moved);
  const shown =
    readSettings(context.company).hiddenSystemMessages.transfer || !targetName
      ? moved
      : await postSystemMessage(
          context.company,
          moved,
          interpolate(notices.transfer, { target: targetName }),
        );
  return view(shown, context);
}

const storedTabulations = z.array(tabulationView).catch([]);

/**
 * Closes with an optional service category (required when the settings say so). The assignee closes; managers
 * and admins close what they see.
 */
export async function closeConversation(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof closeConversationBody>,
): Promise<ConversationView> {
  const context = await visibleConversation(auth, id);
  const { conversation, viewer } = context;
  if (conversation.status === 'closed') throw new Conflict(inboxPtBR.alreadyClosed);
  if (viewer.role === 'operator' && conversation.employee?._id !== auth.employeeId) {
    throw new Forbidden(inboxPtBR.notAllowed);
  }
  const categories = readSettings(context.company).serviceCategories;
  if (!body.tabulation && categories.tabulation_mode && categories.required) {
    throw new Invalid('tabulation', inboxPtBR.tabulationRequired);
  }
  const tabulation = body.tabulation
    ? storedTabulations
        .parse(context.company.tabulations ?? [])
        .find((entry) => entry._id === body.tabulation)
    : undefined;
  if (body.tabulation && !tabulation) throw new Invalid('tabulation', inboxPtBR.tabulationNotFound);
  // The end notice goes before the close, as the bot's does, so it belongs to the service it ends.
  const ending = readSettings(context.company).hiddenSystemMessages.startEnd
    ? conversation
    : await postSystemMessage(
        context.company,
        conversation,
        interpolate(notices.endService, { protocol: conversation.protocol }),
      );
  const moved = await closeRecord(ending, tabulation ?? null, 'closed_by_employee');
  if (!moved) throw new Conflict(inboxPtBR.alreadyClosed);
  await announceClose(context.company, conversation, moved);
  return view(moved, context);
}

export const closeRecord = (
  conversation: ConversationRecord,
  tabulation: ConversationRecord['tabulation'],
  reason: string,
) =>
  transition(conversation, {
    status: 'closed',
    tabulation,
    redistributed: false,
    redistributed_to: null,
    close_reason: reason,
    now: new Date().toISOString(),
  });

export async function announceClose(
  company: CallerContext['company'],
  before: ConversationRecord,
  closed: ConversationRecord,
): Promise<void> {
  await publishClosed(company, closed);
  await publishUpdate(company, closed);
  if (before.redistributed_to)
    await publishRedistributed(closed, before.redistributed_to, before.redistributed_to, true);
}
