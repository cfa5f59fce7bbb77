import { randomUUID } from 'node:crypto';
import { rateToMilliseconds, type ScheduleDefinition } from '@atende/shared/infra/schedules';
import type { ScheduledEvent } from 'aws-lambda';
import { invoke, loadHandler } from './handlers.ts';
import { lambdaContext } from '@atende/functions/lib/gateway/lambda-context';

/** The EventBridge "Scheduled Event" a rule delivers to its Lambda target. */
export function scheduledEvent(schedule: ScheduleDefinition, time = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: time.toISOString(),
    region: 'us-east-1',
    resources: [`arn:aws:events:us-east-1:000000000000:rule/${schedule.id}`],
    detail: {},
  };
}

/**
 * Runs shared's schedule definitions on timers, invoking the same handlers EventBridge invokes. A run that is
 * still going when the next tick comes is not started twice.
 */
export function startSchedules(
  schedules: readonly ScheduleDefinition[],
  log: (line: string) => void,
): { stop: () => void } {
  const timers = schedules.map((schedule) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const handler = await loadHandler(schedule.handler);
        await invoke(handler, scheduledEvent(schedule), lambdaContext(`atende-schedule-${schedule.id}`));
      } catch (error) {
        log(`schedule ${schedule.id} failed: ${(error as Error).message}`);
      } finally {
        running = false;
      }
    };
    return setInterval(() => void tick(), rateToMilliseconds(schedule.expression));
  });
  return { stop: () => timers.forEach((timer) => clearInterval(timer)) };
}
