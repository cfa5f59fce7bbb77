import type { dealBody, dealPatch } from '@atende/shared/contracts/pipelines/deal-views';
import type { StageView } from '@atende/shared/contracts/pipelines/views';
import { DEAL_ENTITY } from '@atende/shared/contracts/pipelines/events';
import { newObjectId } from '@atende/shared/domain/object-id';
import { pipelineMessagesPtBR } from '@atende/shared/i18n/pipelines';
import { reachesCustomer } from '@atende/shared/rules/wallet-reach';
import type { z } from 'zod';
import type { ContactRecord } from '../contacts/records.ts';
import { readContact } from '../contacts/store.ts';
import { callerContext, type CallerContext, visibleConversation } from '../conversations/context.ts';
import { companyDepartments } from '../conversations/visibility.ts';
import { walletOfCustomer } from '../conversations/wallet-reach.ts';
import { existingEmployeeIds } from '../employees/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid, NotFound } from '../lib/errors.ts';
import { announceDeal } from './announce.ts';
import { saveEntry } from './deal-entry.ts';
import { readDeal } from './deal-store.ts';
import type { DealRecord } from './records.ts';
import { requirePipeline } from './store.ts';
import { canSeeDeal } from './visibility.ts';
import { toDealView } from './views.ts';

const t = pipelineMessagesPtBR;

async function checkOwner(companyId: string, owner: string | null | undefined) {
  if (owner && !(await existingEmployeeIds(companyId, [owner])).has(owner))
    throw new Invalid('owner', t.ownerNotFound);
}

/** A contact the caller may reach under the wallet limit, else 400 on the field. */
async function reachableContact(
  auth: AuthContext,
  context: CallerContext,
  id: string,
): Promise<ContactRecord> {
  const contact = await readContact(auth.companyId, id);
  if (!contact || !reachesCustomer(context.viewer.wallets, walletOfCustomer(contact)))
    throw new Invalid('customer', t.customerNotFound);
  return contact;
}

function defaultDepartment(context: CallerContext, owner: string | null): string | null {
  if (!owner) return null;
  const department = companyDepartments(context.company).find((node) => node.employees.includes(owner));
  return department?._id ?? null;
}

export async function createDeal(auth: AuthContext, body: z.infer<typeof dealBody>) {
  const context = await callerContext(auth);
  const pipeline = await requirePipeline(auth.companyId, body.pipeline);
  const stage = pipeline.stages.find((candidate) => candidate._id === body.stage);
  if (!stage) throw new Invalid('stage', t.stageNotFound);
  const contact = await reachableContact(auth, context, body.customer);
  const conversation = body.conversation
    ? (await visibleConversation(auth, body.conversation)).conversation
    : undefined;
  if (conversation && conversation.customer._id !== contact._id)
    throw new Invalid('conversation', t.conversationOtherCustomer);
  const owner = body.owner === undefined ? auth.employeeId : body.owner;
  await checkOwner(auth.companyId, owner);
  if (body.department && !companyDepartments(context.company).some((node) => node._id === body.department))
    throw new Invalid('department', t.departmentNotFound);
  const now = new Date();
  const at = now.toISOString();
  const deal: DealRecord = {
    entity: DEAL_ENTITY,
    _id: newObjectId(),
    company: auth.companyId,
    pipeline: pipeline._id,
    stage: stage._id,
    title: body.title,
    value: body.value,
    customer: contact._id,
    owner,
    department: body.department ?? conversation?.department ?? defaultDepartment(context, owner),
    conversation: conversation?._id ?? null,
    expected_close: body.expected_close ?? null,
    status: 'open',
    lost_reason: null,
    closed_at: null,
    history: [{ stage: stage._id, entered_at: at, left_at: null, by: auth.employeeId }],
    created_by: auth.employeeId,
    created_at: at,
    updated_at: at,
    version: 1,
  };
  await saveEntry(undefined, deal, stage, contact, auth.employeeId, now);
  await announceDeal(deal, 'created');
  return toDealView(deal, (await readContact(auth.companyId, contact._id)) ?? contact);
}

/** A deal the caller may see; one they may not see answers 404, like one that does not exist. */
export async function visibleDeal(auth: AuthContext, id: string) {
  const [context, deal] = await Promise.all([callerContext(auth), readDeal(auth.companyId, id)]);
  if (!deal) throw new NotFound(t.dealNotFound);
  const contact = await readContact(auth.companyId, deal.customer);
  if (!canSeeDeal(context.viewer, deal, contact ? walletOfCustomer(contact) : null))
    throw new NotFound(t.dealNotFound);
  return { context, deal, contact };
}

export async function getDeal(auth: AuthContext, id: string) {
  const { deal, contact } = await visibleDeal(auth, id);
  return toDealView(deal, contact);
}

type DealAction = 'updated' | 'moved' | 'won' | 'lost' | 'reopened';

/** The deal after a status change: won/lost close it (lost with its reason), open reopens it. */
function withStatus(deal: DealRecord, patch: z.infer<typeof dealPatch>, at: string): DealRecord {
  if (!patch.status || patch.status === deal.status) return deal;
  if (patch.status === 'open') return { ...deal, status: 'open', closed_at: null, lost_reason: null };
  return {
    ...deal,
    status: patch.status,
    closed_at: at,
    lost_reason: patch.status === 'lost' ? (patch.lost_reason ?? null) : null,
  };
}

export async function updateDeal(auth: AuthContext, id: string, patch: z.infer<typeof dealPatch>) {
  const { deal: before, contact } = await visibleDeal(auth, id);
  if (!contact) throw new Invalid('customer', t.customerNotFound);
  if (patch.owner !== undefined) await checkOwner(auth.companyId, patch.owner);
  const now = new Date();
  const at = now.toISOString();
  let after: DealRecord = {
    ...before,
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.value !== undefined ? { value: patch.value } : {}),
    ...(patch.owner !== undefined ? { owner: patch.owner } : {}),
    ...(patch.expected_close !== undefined ? { expected_close: patch.expected_close } : {}),
    updated_at: at,
    version: before.version + 1,
  };
  after = withStatus(after, patch, at);
  if (patch.status === 'lost' && before.status === 'lost' && patch.lost_reason !== undefined)
    after = { ...after, lost_reason: patch.lost_reason };
  let entered: StageView | undefined;
  if (patch.stage !== undefined && patch.stage !== before.stage) {
    if (after.status !== 'open') throw new Invalid('stage', t.dealClosed);
    const pipeline = await requirePipeline(auth.companyId, before.pipeline);
    entered = pipeline.stages.find((stage) => stage._id === patch.stage);
    if (!entered) throw new Invalid('stage', t.stageNotFound);
    const history = before.history.map((entry, index) =>
      index === before.history.length - 1 ? { ...entry, left_at: at } : entry,
    );
    after = {
      ...after,
      stage: entered._id,
      history: [...history, { stage: entered._id, entered_at: at, left_at: null, by: auth.employeeId }],
    };
  }
  await saveEntry(before, after, entered, contact, auth.employeeId, now);
  const action: DealAction = entered
    ? 'moved'
    : after.status !== before.status
      ? after.status === 'open'
        ? 'reopened'
        : after.status
      : 'updated';
  await announceDeal(after, action);
  return toDealView(after, entered ? ((await readContact(auth.companyId, contact._id)) ?? contact) : contact);
}
