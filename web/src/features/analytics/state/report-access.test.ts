import { describe, expect, it } from 'vitest';
import { canChangeReport } from './report-access.ts';

describe('saved report actions', () => {
  const report = { created_by: 'author' };

  it('are offered to the author and to admins only', () => {
    expect(canChangeReport(report, { _id: 'author', role: 'operator' })).toBe(true);
    expect(canChangeReport(report, { _id: 'someone', role: 'admin' })).toBe(true);
    expect(canChangeReport(report, { _id: 'someone', role: 'manager' })).toBe(false);
    expect(canChangeReport(report, { _id: 'someone', role: 'operator' })).toBe(false);
  });

  it('are not offered before the signed-in employee is known', () => {
    expect(canChangeReport(report, undefined)).toBe(false);
  });
});
