import { describe, expect, it } from 'vitest';
import { transcriptDate } from './transcript-format.ts';

describe('transcript dates', () => {
  it('shows the pt-BR date with seconds in the company time zone', () => {
    expect(transcriptDate('2026-11-21T17:05:09Z', 'America/Fortaleza')).toBe('21/11/2026 14:05:09');
  });
});
