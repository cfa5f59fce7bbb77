import { describe, expect, it } from 'vitest';
import { employeeSettings } from '../contracts/employees/views.ts';
import { jsonBoundsIssue, REQUEST_BOUNDS } from './json-bounds.ts';

const nested = (levels: number): unknown => (levels === 0 ? 1 : { a: nested(levels - 1) });

describe('JSON bounds', () => {
  it('finds depth, size, number and key issues with the path to them', () => {
    expect(jsonBoundsIssue(nested(10), REQUEST_BOUNDS)).toBeUndefined();
    expect(jsonBoundsIssue(nested(40), REQUEST_BOUNDS)).toMatchObject({ reason: 'depth' });
    expect(jsonBoundsIssue({ list: [1, 2, 1e200] }, REQUEST_BOUNDS)).toEqual({
      path: ['list', 2],
      reason: 'number',
    });
    expect(
      jsonBoundsIssue(
        Array.from({ length: 60_000 }, () => 0),
        REQUEST_BOUNDS,
      ),
    ).toMatchObject({
      reason: 'size',
    });
    expect(jsonBoundsIssue({ '': 1 }, { ...REQUEST_BOUNDS, noEmptyKeys: true })).toEqual({
      path: [''],
      reason: 'key',
    });
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(jsonBoundsIssue(deep, REQUEST_BOUNDS)).toMatchObject({ reason: 'depth' });
  });

  it('refuses employee settings nested deep, with an empty key or a huge number', () => {
    expect(employeeSettings.safeParse({ theme: 'dark', audio: { volume: 3 } }).success).toBe(true);
    for (const bad of [nested(40), { '': true }, { size: 1e200 }, { a: { '': 1 } }]) {
      expect(employeeSettings.safeParse(bad).success, JSON.stringify(bad).slice(0, 40)).toBe(false);
    }
  });
});
