/**
 * Keys of the funnel's and the agenda's items in the main table.
 *
 * - pipeline:  pk C#<cid>#PIPELINES                 sk <id>
 * - deal:      pk C#<cid>#DEALS                     sk <id>            (every deal, newest last)
 *              gsi1 C#<cid>#PIPELINE#<pid> / <stage>#<id>              (a board, a stage's table)
 *              gsi2 C#<cid>#CUSTOMER_DEALS#<customer> / <id>           (a contact's deals: chat side panel)
 * - activity:  pk C#<cid>#ACTIVITIES                sk <id>
 *              gsi1 C#<cid>#ACTIVITIES_DUE / <due_at>#<id>             (the agenda, by due time)
 *              gsi2 C#<cid>#ASSIGNEE#<eid>#ACTIVITIES / <due_at>#<id>  (one employee's agenda)
 *              gsi3 C#<cid>#CUSTOMER_ACTIVITIES#<customer> / <due_at>#<id> (a contact's and a deal's)
 * - reminder:  pk C#<cid>#ACTIVITIES                sk REMINDER#<id>   (while an open activity awaits it)
 *              gsi3 ACTIVITY_REMINDERS / <remind_at>#<cid>#<id>        (the schedule's due reminders)
 */
const base = (companyId: string) => `C#${companyId}#`;

export const REMINDERS_INDEX = 'ACTIVITY_REMINDERS';

export const pipelineKeys = {
  all: (companyId: string) => `${base(companyId)}PIPELINES`,
  pipeline: (companyId: string, id: string) => ({ pk: `${base(companyId)}PIPELINES`, sk: id }),
};

export const dealKeys = {
  all: (companyId: string) => `${base(companyId)}DEALS`,
  deal: (companyId: string, id: string) => ({ pk: `${base(companyId)}DEALS`, sk: id }),
  board: (companyId: string, pipelineId: string) => `${base(companyId)}PIPELINE#${pipelineId}`,
  boardIndex: (
    companyId: string,
    deal: { _id: string; pipeline: string; stage: string; customer: string },
  ) => ({
    gsi1pk: `${base(companyId)}PIPELINE#${deal.pipeline}`,
    gsi1sk: `${deal.stage}#${deal._id}`,
    gsi2pk: `${base(companyId)}CUSTOMER_DEALS#${deal.customer}`,
    gsi2sk: deal._id,
  }),
  customer: (companyId: string, customerId: string) => `${base(companyId)}CUSTOMER_DEALS#${customerId}`,
};

export const activityKeys = {
  activity: (companyId: string, id: string) => ({ pk: `${base(companyId)}ACTIVITIES`, sk: id }),
  due: (companyId: string) => `${base(companyId)}ACTIVITIES_DUE`,
  assignee: (companyId: string, employeeId: string) => `${base(companyId)}ASSIGNEE#${employeeId}#ACTIVITIES`,
  customer: (companyId: string, customerId: string) => `${base(companyId)}CUSTOMER_ACTIVITIES#${customerId}`,
  indexes: (
    companyId: string,
    activity: { _id: string; due_at: string; assignee: string; customer: string | null },
  ) => {
    const sort = `${activity.due_at}#${activity._id}`;
    return {
      gsi1pk: `${base(companyId)}ACTIVITIES_DUE`,
      gsi1sk: sort,
      gsi2pk: `${base(companyId)}ASSIGNEE#${activity.assignee}#ACTIVITIES`,
      gsi2sk: sort,
      ...(activity.customer
        ? { gsi3pk: `${base(companyId)}CUSTOMER_ACTIVITIES#${activity.customer}`, gsi3sk: sort }
        : {}),
    };
  },
  reminder: (companyId: string, id: string) => ({ pk: `${base(companyId)}ACTIVITIES`, sk: `REMINDER#${id}` }),
  reminderIndex: (companyId: string, id: string, remindAt: string) => ({
    gsi3pk: REMINDERS_INDEX,
    gsi3sk: `${remindAt}#${companyId}#${id}`,
  }),
};
