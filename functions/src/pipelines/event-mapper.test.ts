import { DEAL_EVENTS } from '@atende/shared/contracts/pipelines/events';
import { describe, expect, it } from 'vitest';
import { dealEvents } from './event-mapper.ts';

const image = (patch: Record<string, unknown> = {}) => ({
  pk: 'C#aaaaaaaaaaaaaaaaaaaaaaaa#DEALS',
  entity: 'deal',
  company: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  pipeline: 'cccccccccccccccccccccccc',
  stage: 'dddddddddddddddddddddddd',
  customer: 'eeeeeeeeeeeeeeeeeeeeeeee',
  owner: null,
  title: 'Licenças',
  value: 10,
  status: 'open',
  lost_reason: null,
  ...patch,
});

const envelope = { id: 'x', occurred_at: '2026-01-01T00:00:00Z' };
const valid = (events: ReturnType<typeof dealEvents>) =>
  events.every((event) => DEAL_EVENTS.some((schema) => schema.safeParse({ ...envelope, ...event }).success));

describe('deal events from item images', () => {
  it('names a created deal, a stage move, a win and a loss', () => {
    const created = dealEvents({ kind: 'INSERT', oldImage: undefined, newImage: image() });
    expect(created.map((event) => event.type)).toEqual(['deal.created']);
    const moved = dealEvents({
      kind: 'MODIFY',
      oldImage: image(),
      newImage: image({ stage: 'ffffffffffffffffffffffff' }),
    });
    expect(moved).toMatchObject([
      {
        type: 'deal.stage_changed',
        data: { from_stage: image().stage, to_stage: 'ffffffffffffffffffffffff' },
      },
    ]);
    const won = dealEvents({ kind: 'MODIFY', oldImage: image(), newImage: image({ status: 'won' }) });
    const lost = dealEvents({
      kind: 'MODIFY',
      oldImage: image(),
      newImage: image({ status: 'lost', lost_reason: 'Preço' }),
    });
    expect([won[0]?.type, lost[0]?.type]).toEqual(['deal.won', 'deal.lost']);
    expect(valid([...created, ...moved, ...won, ...lost])).toBe(true);
  });

  it('names nothing for an edit that neither moves nor closes the deal', () => {
    expect(dealEvents({ kind: 'MODIFY', oldImage: image(), newImage: image({ title: 'Outro' }) })).toEqual(
      [],
    );
    expect(dealEvents({ kind: 'REMOVE', oldImage: image(), newImage: undefined })).toEqual([]);
  });
});
