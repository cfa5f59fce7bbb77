import {
  type AgentTimelineView,
  getAgentTimeline,
  setMyStatus,
} from '@atende/shared/contracts/analytics/agent-timeline';
import type { DomainEventOf } from '@atende/shared/events/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createInbox, type Inbox, setPermissions } from '../conversations/test-inbox.ts';
import { putConnection, removeConnection } from '../realtime/store.ts';
import { domainEventDrain } from '../testing/events.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { localDay } from './agent-timeline.ts';
import { handler } from './handler.ts';
import { applyPresence, initialPresence, reducePresence, splitAtMidnights } from './presence-ledger.ts';

type PresenceEvent = DomainEventOf<
  'employee.connected' | 'employee.disconnected' | 'employee.status_changed'
>;
let sequence = 0;
const socket = (
  companyId: string,
  employee: string,
  type: 'employee.connected' | 'employee.disconnected',
  connection: string,
  at: string,
): PresenceEvent => ({
  id: `presence-${(sequence += 1)}-${Date.now()}`,
  type,
  company_id: companyId,
  entity_id: employee,
  occurred_at: at,
  data: { employee, connection },
});
const chose = (
  companyId: string,
  employee: string,
  status: 'online' | 'away',
  at: string,
): PresenceEvent => ({
  id: `presence-${(sequence += 1)}-${Date.now()}`,
  type: 'employee.status_changed',
  company_id: companyId,
  entity_id: employee,
  occurred_at: at,
  data: { employee, status, at },
});

const H = 3600;
const drain = domainEventDrain();
let inbox: Inbox;
let other: Inbox;

/**
 * The operator's Monday 2026-11-23 in Fortaleza (UTC−3, the companies' default zone): connects 08:00 local,
 * a second tab 08:30 (no change), "Pausa" 10:00–10:30, first tab closed 11:00 (the second still open), second
 * tab closed 12:00 (offline), back 13:00, gone 17:00 to the end of the day (the time before 08:00 is unknown).
 * Online 08–10 + 10:30–12 + 13–17 = 7.5 h; Pausa 0.5 h; offline 12–13 + 17–24 = 8 h.
 */
const at = (local: string) => new Date(Date.parse(`2026-11-23T${local}:00-03:00`)).toISOString();

beforeAll(async () => {
  await useTestTables();
  [inbox, other] = await Promise.all([createInbox(), createInbox()]);
  const c = inbox.companyId;
  const e = inbox.operator.id;
  for (const event of [
    socket(c, e, 'employee.connected', 'tab-1', at('08:00')),
    socket(c, e, 'employee.connected', 'tab-2', at('08:30')),
    chose(c, e, 'away', at('10:00')),
    chose(c, e, 'online', at('10:30')),
    socket(c, e, 'employee.disconnected', 'tab-1', at('11:00')),
    socket(c, e, 'employee.disconnected', 'tab-2', at('12:00')),
    socket(c, e, 'employee.connected', 'tab-3', at('13:00')),
    socket(c, e, 'employee.disconnected', 'tab-3', at('17:00')),
  ]) {
    expect(await applyPresence(event)).toBe(true);
  }
});

const timeline = async (token: string, day = '2026-11-23') => {
  const answer = await callRoute(handler, getAgentTimeline, { token, query: { day } });
  return { status: answer.status, body: answer.body as AgentTimelineView };
};

describe('employee status intervals', () => {
  it('gives each agent the day as online, "Pausa" and offline intervals with their totals', async () => {
    const { status, body } = await timeline(inbox.admin.token);
    expect(status).toBe(200);
    const operator = body.agents.find((agent) => agent.employee === inbox.operator.id);
    expect(operator?.intervals).toEqual([
      { status: 'online', start: at('08:00'), end: at('10:00') },
      { status: 'away', start: at('10:00'), end: at('10:30') },
      { status: 'online', start: at('10:30'), end: at('12:00') },
      { status: 'offline', start: at('12:00'), end: at('13:00') },
      { status: 'online', start: at('13:00'), end: at('17:00') },
      { status: 'offline', start: at('17:00'), end: '2026-11-24T03:00:00.000Z' },
    ]);
    expect(operator?.totals).toEqual({ online: 7.5 * H, away: 0.5 * H, offline: 8 * H });
    // Agents without any event are listed with an empty day.
    expect(body.agents.find((agent) => agent.employee === inbox.manager.id)?.intervals).toEqual([]);
  });

  it('applies a replayed event once', async () => {
    const event = chose(inbox.companyId, inbox.manager.id, 'away', at('09:00'));
    expect(await applyPresence(event)).toBe(true);
    expect(await applyPresence(event)).toBe(false);
  });

  it('shows an operator only themself and another company nothing of this one', async () => {
    await setPermissions(inbox.companyId, { display_report_base_to_operators: true });
    const mine = await timeline(inbox.operator.token);
    expect(mine.body.agents.map((agent) => agent.employee)).toEqual([inbox.operator.id]);
    const theirs = await timeline(other.admin.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.agents.map((agent) => agent.employee)).not.toContain(inbox.operator.id);
    expect(theirs.body.agents.every((agent) => agent.intervals.length === 0)).toBe(true);
  });

  it('names the field of a bad day', async () => {
    const bad = await callRoute(handler, getAgentTimeline, {
      token: inbox.admin.token,
      query: { day: '23/11/2026' },
    });
    expect(bad).toMatchObject({ status: 400, body: { field: 'day' } });
  });

  it('records a real socket and a chosen "Pausa" through the stream', async () => {
    await drain();
    const auth = { companyId: other.companyId, employeeId: other.operator.id };
    await putConnection({
      ...auth,
      role: 'operator',
      sessionId: 's-1',
      connectionId: 'conn-1',
      connectedAt: Date.now(),
    });
    await drain();
    const paused = await callRoute(handler, setMyStatus, {
      token: other.operator.token,
      body: { status: 'away' },
    });
    expect(paused).toMatchObject({ status: 200, body: { status: 'away' } });
    await drain();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Fortaleza' });
    const current = async () =>
      (await timeline(other.admin.token, today)).body.agents
        .find((agent) => agent.employee === other.operator.id)
        ?.intervals.at(-1)?.status;
    // The current status runs to now; seconds apart or not, each step shows as the latest one.
    expect(await current()).toBe('away');
    await removeConnection(other.companyId, 'conn-1');
    await drain();
    expect(await current()).toBe('offline');
    const refused = await callRoute(handler, setMyStatus, {
      token: other.operator.token,
      body: { status: 'busy' },
    });
    expect(refused).toMatchObject({ status: 400, body: { field: 'status' } });
  });
});

describe('presence reducer', () => {
  it('counts an out-of-order disconnect (before its connect) as never connected', () => {
    const event = (type: 'employee.connected' | 'employee.disconnected', time: string) =>
      socket('c', 'e', type, 'tab', time);
    const gone = reducePresence(initialPresence(), event('employee.disconnected', '2026-11-23T10:00:00Z'));
    const late = reducePresence(gone.state, event('employee.connected', '2026-11-23T09:59:00Z'));
    expect(late.state.status).toBe('offline');
    expect(late.state.connections).toEqual([]);
  });

  it('splits an interval at each UTC midnight', () => {
    expect(
      splitAtMidnights({
        status: 'online',
        start: '2026-11-23T22:00:00.000Z',
        end: '2026-11-25T01:00:00.000Z',
      }),
    ).toEqual([
      { status: 'online', start: '2026-11-23T22:00:00.000Z', end: '2026-11-24T00:00:00.000Z' },
      { status: 'online', start: '2026-11-24T00:00:00.000Z', end: '2026-11-25T00:00:00.000Z' },
      { status: 'online', start: '2026-11-25T00:00:00.000Z', end: '2026-11-25T01:00:00.000Z' },
    ]);
  });

  it('finds a local day across time zones', () => {
    expect(localDay('2026-11-23', 'America/Fortaleza')).toEqual({
      start: Date.parse('2026-11-23T03:00:00Z'),
      end: Date.parse('2026-11-24T03:00:00Z'),
    });
    expect(localDay('2026-11-01', 'America/Sao_Paulo').start).toBe(Date.parse('2026-11-01T03:00:00Z'));
  });
});
