import { describe, expect, it } from 'vitest';
import { templateKeysForFrame } from './live-keys.ts';

const company = 'a'.repeat(24);
const integration = 'b'.repeat(24);

describe('template status frames', () => {
  it("refetch the integration's templates", () => {
    const frame = {
      event: 'template-status' as const,
      data: {
        company,
        integration,
        template: 'c'.repeat(24),
        name: 'promo',
        language: 'pt_BR',
        status: 'PAUSED' as const,
      },
    };
    expect(templateKeysForFrame(frame)).toEqual([['templates', integration]]);
  });

  it('ignore other frames', () => {
    const frame = { event: 'analytics-update' as const, data: { company, conversation: integration } };
    expect(templateKeysForFrame(frame)).toEqual([]);
  });
});
