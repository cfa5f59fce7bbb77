import { describe, expect, it } from 'vitest';
import { canMoveSuggestion, SUGGESTION_STATUSES, SUGGESTION_TRANSITIONS } from './suggestion-status.ts';

describe('suggestion status workflow', () => {
  it.each([
    ['received', 'reviewing', true],
    ['received', 'declined', true],
    ['received', 'done', false],
    ['reviewing', 'planned', true],
    ['reviewing', 'received', false],
    ['planned', 'done', true],
    ['planned', 'declined', true],
    ['done', 'declined', false],
    ['done', 'reviewing', false],
    ['declined', 'reviewing', true],
    ['declined', 'planned', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canMoveSuggestion(from, to)).toBe(allowed);
  });

  it('never moves a suggestion to the status it already has', () => {
    for (const status of SUGGESTION_STATUSES) expect(SUGGESTION_TRANSITIONS[status]).not.toContain(status);
  });
});
