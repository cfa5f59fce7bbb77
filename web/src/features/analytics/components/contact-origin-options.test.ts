import { describe, expect, it } from 'vitest';
import { contactOriginOption, shareOf } from './contact-origin-options.ts';

describe('contact origin chart', () => {
  it('stacks one series per origin over the days, a day without an origin counting 0', () => {
    const option = contactOriginOption({
      total: 4,
      rows: [
        { key: 'whatsapp', label: 'WhatsApp', contacts: 3 },
        { key: 'unknown', label: 'Não informado', contacts: 1 },
      ],
      days: [
        { day: '2026-11-24', counts: { whatsapp: 2 } },
        { day: '2026-11-25', counts: { whatsapp: 1, unknown: 1 } },
      ],
      details: { page: [], utm_source: [], utm_medium: [], utm_campaign: [] },
    });
    expect(option.xAxis).toMatchObject({ data: ['2026-11-24', '2026-11-25'] });
    expect(option.series).toEqual([
      expect.objectContaining({ name: 'WhatsApp', data: [2, 1] }),
      expect.objectContaining({ name: 'Não informado', data: [0, 1] }),
    ]);
  });

  it('gives shares in whole percent and none of nothing', () => {
    expect(shareOf(1, 3)).toBe('33%');
    expect(shareOf(0, 0)).toBe('—');
  });
});
