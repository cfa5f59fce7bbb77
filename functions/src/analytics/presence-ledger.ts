import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DomainEventOf } from '@atende/shared/events/index';
import type { PresenceStatus } from '@atende/shared/contracts/analytics/agent-timeline';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { TransactionCancelled, transactWrite } from '../lib/dynamo/transaction.ts';
import { CLAIM_TTL_SECONDS, eventClaimKey } from '../lib/event-claims.ts';
import { logger } from '../lib/logger.ts';

export const PRESENCE_CONSUMER = 'analytics';
const DAY_MS = 86_400_000;
/** Disconnects seen before their connect (different stream shards) are remembered, this many. */
const GONE_KEPT = 50;
const ATTEMPTS = 5;

/** Keys of employees' status intervals; every one begins with the company id. */
export const presenceKeys = {
  /** The ledger's current state of each employee: sk = employee id. */
  state: (companyId: string) => `C#${companyId}#AN_PRESENCE#`,
  /** Closed intervals, none crossing a UTC midnight: sk `<start ISO>#<employee>`. */
  intervals: (companyId: string) => `C#${companyId}#AN_STATUS#`,
  /** The status each employee chose ("Online" / "Pausa"): sk = employee id. */
  choice: (companyId: string) => `C#${companyId}#AN_CHOICE#`,
};

export interface PresenceState {
  connections: string[];
  gone: string[];
  chosen: 'online' | 'away';
  status: PresenceStatus;
  /** Since when `status` holds; null before the first event. */
  since: string | null;
}

export interface StatusInterval {
  status: PresenceStatus;
  start: string;
  end: string;
}

export const initialPresence = (): PresenceState => ({
  connections: [],
  gone: [],
  chosen: 'online',
  status: 'offline',
  since: null,
});

type PresenceEvent = DomainEventOf<
  'employee.connected' | 'employee.disconnected' | 'employee.status_changed'
>;

/** Splits [start, end) at UTC midnights, so a day's read never needs to look back more than a day. */
export function splitAtMidnights(interval: StatusInterval): StatusInterval[] {
  const pieces: StatusInterval[] = [];
  let start = Date.parse(interval.start);
  const end = Date.parse(interval.end);
  while (start < end) {
    const midnight = (Math.floor(start / DAY_MS) + 1) * DAY_MS;
    const stop = Math.min(midnight, end);
    pieces.push({
      status: interval.status,
      start: new Date(start).toISOString(),
      end: new Date(stop).toISOString(),
    });
    start = stop;
  }
  return pieces;
}

/**
 * Pure: the employee's state after one event and the intervals it closes. The status is the chosen one while
 * any socket is open, else offline; an event older than the current status (out of order) counts as now.
 */
export function reducePresence(
  previous: PresenceState,
  event: PresenceEvent,
): { state: PresenceState; closed: StatusInterval[] } {
  const state: PresenceState = {
    ...previous,
    connections: [...previous.connections],
    gone: [...previous.gone],
  };
  let at = event.type === 'employee.status_changed' ? event.data.at || event.occurred_at : event.occurred_at;
  if (state.since && at < state.since) at = state.since;
  if (event.type === 'employee.connected') {
    const { connection } = event.data;
    if (!state.gone.includes(connection) && !state.connections.includes(connection)) {
      state.connections.push(connection);
    }
  } else if (event.type === 'employee.disconnected') {
    const { connection } = event.data;
    if (state.connections.includes(connection)) {
      state.connections = state.connections.filter((id) => id !== connection);
    } else state.gone = [...state.gone, connection].slice(-GONE_KEPT);
  } else state.chosen = event.data.status;
  const status: PresenceStatus = state.connections.length > 0 ? state.chosen : 'offline';
  if (status === previous.status && previous.since) return { state, closed: [] };
  const closed =
    previous.since && at > previous.since
      ? splitAtMidnights({ status: previous.status, start: previous.since, end: at })
      : [];
  return { state: { ...state, status, since: at }, closed };
}

async function readState(companyId: string, employee: string) {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: { pk: presenceKeys.state(companyId), sk: employee },
      ConsistentRead: true,
    }),
  );
  return Item ? { state: Item.state as PresenceState, version: Number(Item.version) } : undefined;
}

/**
 * Applies one socket or status event to the employee's intervals exactly once: the claim, the state
 * (versioned) and the closed intervals are one transaction. Answers whether it changed anything.
 */
export async function applyPresence(event: PresenceEvent): Promise<boolean> {
  const companyId = event.company_id;
  const { employee } = event.data;
  const table = config().mainTable;
  for (let attempt = 1; ; attempt += 1) {
    const stored = await readState(companyId, employee);
    const { state, closed } = reducePresence(stored?.state ?? initialPresence(), event);
    try {
      await transactWrite({
        claim: {
          Put: {
            TableName: table,
            Item: {
              ...eventClaimKey(PRESENCE_CONSUMER, event),
              entity: 'event_claim',
              consumer: PRESENCE_CONSUMER,
              event: event.id,
              expiresAt: Math.floor(Date.now() / 1000) + CLAIM_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        state: {
          Put: {
            TableName: table,
            Item: {
              pk: presenceKeys.state(companyId),
              sk: employee,
              entity: 'analytics_presence',
              employee,
              state,
              version: (stored?.version ?? 0) + 1,
            },
            ...(stored
              ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': stored.version } }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          },
        },
        intervals: closed.map((interval) => ({
          Put: {
            TableName: table,
            Item: {
              pk: presenceKeys.intervals(companyId),
              sk: `${interval.start}#${employee}`,
              entity: 'analytics_status_interval',
              employee,
              ...interval,
            },
          },
        })),
      });
      return true;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (error.failed.has('claim')) {
        logger.info('presence event already applied; skipped', { event: event.id });
        return false;
      }
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}
