import type { HandlerRef } from './handlers.ts';

/** EventBridge schedules, written once: infra/ builds rules, the local runtime runs timers. */
export interface ScheduleDefinition {
  id: string;
  /** EventBridge rate expression, e.g. "rate(1 minute)". */
  expression: `rate(${string})`;
  handler: HandlerRef;
  description: string;
}

export const SCHEDULES: readonly ScheduleDefinition[] = [
  {
    id: 'conversations-auto-close',
    expression: 'rate(5 minutes)',
    handler: { module: 'conversations/auto-close', export: 'handler' },
    description: 'Closes conversations idle longer than the company settings allow (attendant and chatbot)',
  },
  {
    id: 'smart-tags-daily',
    expression: 'rate(1 day)',
    handler: { module: 'smart-tags/schedule', export: 'handler' },
    description:
      'Queues the recomputation of every smart tag whose conditions count days ("no contact in 30 days")',
  },
  {
    id: 'activity-reminders',
    expression: 'rate(1 minute)',
    handler: { module: 'pipelines/reminders', export: 'handler' },
    description: 'Reminds each assignee of an activity a few minutes before it is due (in-app notice, once)',
  },
  {
    id: 'flows-wait-resume',
    expression: 'rate(1 minute)',
    handler: { module: 'flows/wait-resume', export: 'handler' },
    description: "Resumes each bot paused on a flow's wait node once its minutes have passed",
  },
  {
    id: 'campaign-starts',
    expression: 'rate(1 minute)',
    handler: { module: 'campaigns/schedule', export: 'handler' },
    description: 'Starts each scheduled campaign whose time has come (once: the start item is claimed)',
  },
  {
    id: 'crm-poll',
    expression: 'rate(5 minutes)',
    handler: { module: 'apps/crm/poll', export: 'handler' },
    description:
      'Reads the persons each polled CRM (Agendor, Nectar, Salesforce, RD Station CRM) changed since its mark',
  },
];

const UNIT_MS: Record<string, number> = {
  minute: 60_000,
  minutes: 60_000,
  hour: 3_600_000,
  hours: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
};

/** Milliseconds between runs of a rate expression; throws on anything that is not a valid rate. */
export function rateToMilliseconds(expression: string): number {
  const match = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (!match) throw new Error(`Invalid rate expression: ${expression}`);
  const value = Number(match[1]);
  const unit = match[2] as string;
  if (value < 1) throw new Error(`Invalid rate expression: ${expression}`);
  if ((value === 1) !== !unit.endsWith('s')) throw new Error(`Invalid rate expression: ${expression}`);
  return value * (UNIT_MS[unit] as number);
}
