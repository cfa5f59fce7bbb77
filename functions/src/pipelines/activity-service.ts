import type {
  activityBody,
  activityPatch,
  ActivityView,
  listActivitiesQuery,
} from '@atende/shared/contracts/pipelines/activity-views';
import { activityView } from '@atende/shared/contracts/pipelines/activity-views';
import { ACTIVITY_ENTITY } from '@atende/shared/contracts/pipelines/events';
import { newObjectId } from '@atende/shared/domain/object-id';
import { inboxPtBR } from '@atende/shared/i18n/pt-BR';
import { pipelineMessagesPtBR } from '@atende/shared/i18n/pipelines';
import { reachesCustomer } from '@atende/shared/rules/wallet-reach';
import type { z } from 'zod';
import { readContact } from '../contacts/store.ts';
import { callerContext, type CallerContext, visibleConversation } from '../conversations/context.ts';
import { companyDepartments } from '../conversations/visibility.ts';
import { walletOfCustomer } from '../conversations/wallet-reach.ts';
import { existingEmployeeIds } from '../employees/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { decodeCursor, encodeCursor } from '../lib/dynamo/cursor.ts';
import { Invalid, NotFound } from '../lib/errors.ts';
import { announceActivity } from './announce.ts';
import { type ActivitySource, queryActivities, readActivity, writeActivity } from './activity-store.ts';
import { visibleDeal } from './deal-service.ts';
import type { ActivityRecord } from './records.ts';
import { canSeeActivity } from './visibility.ts';

const t = pipelineMessagesPtBR;

const toView = (record: ActivityRecord): ActivityView => activityView.parse(record);

/** The employees of the manager's departments (whose activities a manager sees). */
function departmentMates(context: CallerContext): Set<string> {
  if (context.viewer.role !== 'manager') return new Set();
  return new Set(
    companyDepartments(context.company)
      .filter((department) => context.viewer.departments.has(department._id))
      .flatMap((department) => department.employees),
  );
}

async function checkAssignee(companyId: string, assignee: string) {
  if (!(await existingEmployeeIds(companyId, [assignee])).has(assignee))
    throw new Invalid('assignee', t.ownerNotFound);
}

/** Links the activity to a deal, a conversation and a contact the caller may see, each implying the next. */
async function links(auth: AuthContext, context: CallerContext, body: z.infer<typeof activityBody>) {
  const deal = body.deal ? (await visibleDeal(auth, body.deal).catch(() => undefined))?.deal : undefined;
  if (body.deal && !deal) throw new Invalid('deal', t.dealNotFound);
  const conversation = body.conversation
    ? (await visibleConversation(auth, body.conversation).catch(() => undefined))?.conversation
    : undefined;
  if (body.conversation && !conversation) throw new Invalid('conversation', inboxPtBR.conversationNotFound);
  const customer = body.customer ?? deal?.customer ?? conversation?.customer._id ?? null;
  if (customer) {
    const contact = await readContact(auth.companyId, customer);
    if (!contact || !reachesCustomer(context.viewer.wallets, walletOfCustomer(contact)))
      throw new Invalid('customer', t.customerNotFound);
    if ((deal && deal.customer !== customer) || (conversation && conversation.customer._id !== customer))
      throw new Invalid('customer', t.conversationOtherCustomer);
  }
  return {
    customer,
    deal: deal?._id ?? null,
    conversation: conversation?._id ?? deal?.conversation ?? null,
  };
}

export async function createActivity(auth: AuthContext, body: z.infer<typeof activityBody>) {
  const context = await callerContext(auth);
  const assignee = body.assignee ?? auth.employeeId;
  await checkAssignee(auth.companyId, assignee);
  const now = new Date();
  const at = now.toISOString();
  const record: ActivityRecord = {
    entity: ACTIVITY_ENTITY,
    _id: newObjectId(),
    company: auth.companyId,
    title: body.title,
    type: body.type,
    due_at: new Date(body.due_at).toISOString(),
    assignee,
    ...(await links(auth, context, body)),
    notes: body.notes,
    status: 'open',
    done_at: null,
    reminded_at: null,
    created_by: auth.employeeId,
    created_at: at,
    updated_at: at,
    source: null,
    version: 1,
  };
  await writeActivity(undefined, record, now);
  await announceActivity(record);
  return toView(record);
}

export async function updateActivity(auth: AuthContext, id: string, patch: z.infer<typeof activityPatch>) {
  const [context, before] = await Promise.all([callerContext(auth), readActivity(auth.companyId, id)]);
  if (!before || !canSeeActivity(context.viewer, before, departmentMates(context)))
    throw new NotFound(t.activityNotFound);
  if (patch.assignee) await checkAssignee(auth.companyId, patch.assignee);
  const now = new Date();
  const at = now.toISOString();
  const dueAt = patch.due_at ? new Date(patch.due_at).toISOString() : before.due_at;
  const status = patch.done === undefined ? before.status : patch.done ? 'done' : 'open';
  const after: ActivityRecord = {
    ...before,
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.type !== undefined ? { type: patch.type } : {}),
    ...(patch.assignee !== undefined ? { assignee: patch.assignee } : {}),
    ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
    due_at: dueAt,
    status,
    done_at: status === 'done' ? (before.done_at ?? at) : null,
    // A rescheduled activity is reminded again before its new time.
    reminded_at: dueAt !== before.due_at ? null : before.reminded_at,
    updated_at: at,
    version: before.version + 1,
  };
  await writeActivity(before, after, now);
  await announceActivity(after);
  if (after.assignee !== before.assignee) await announceActivity(before);
  return toView(after);
}

type Query = z.infer<typeof listActivitiesQuery>;

async function sourceOf(auth: AuthContext, query: Query): Promise<ActivitySource> {
  if (query.assignee) return { kind: 'assignee', assignee: query.assignee };
  if (query.deal) {
    const { deal } = await visibleDeal(auth, query.deal);
    return { kind: 'customer', customer: deal.customer };
  }
  if (query.customer) return { kind: 'customer', customer: query.customer };
  return { kind: 'company' };
}

/**
 * The agenda: activities due in [from, to] from the narrowest index the filters allow, then filtered by
 * status (overdue = open and past due), deal and what the caller may see. Pages as deals do.
 */
export async function listActivities(auth: AuthContext, query: Query) {
  const context = await callerContext(auth);
  const mates = departmentMates(context);
  const source = await sourceOf(auth, query);
  const now = new Date().toISOString();
  const keep = (activity: ActivityRecord) =>
    canSeeActivity(context.viewer, activity, mates) &&
    (!query.deal || activity.deal === query.deal) &&
    (!query.status ||
      (query.status === 'overdue'
        ? activity.status === 'open' && activity.due_at < now
        : activity.status === query.status));
  let startKey = decodeCursor(query.cursor, auth.companyId);
  const found: ActivityView[] = [];
  do {
    const page = await queryActivities(
      auth.companyId,
      source,
      { ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) },
      startKey,
      query.limit - found.length,
    );
    found.push(...page.activities.filter(keep).map(toView));
    startKey = page.lastKey;
  } while (startKey && found.length < query.limit);
  return { activities: found, next_cursor: startKey ? encodeCursor(startKey) : null };
}
