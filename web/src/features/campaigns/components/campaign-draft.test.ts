import { ptBR } from '@atende/shared/i18n/pt-BR';
import { describe, expect, it } from 'vitest';
import { bodyOf, EMPTY_DRAFT, placeholders, stepProblem } from './campaign-draft.ts';

const t = ptBR.campaigns;
const ready = {
  ...EMPTY_DRAFT,
  name: 'Oferta',
  integration: '65a1b2c3d4e5f60718293a4b',
  template: 'oferta',
  templateBody: 'Olá {{2}} e {{1}}, {{1}}!',
  tags: ['65a1b2c3d4e5f60718293a4c'],
};

describe('campaign stepper', () => {
  it('lists a template placeholders once, in number order', () => {
    expect(placeholders(ready.templateBody)).toEqual(['1', '2']);
  });

  it('keeps each step until it is complete, with a pt-BR reason', () => {
    expect(stepProblem(0, { ...ready, name: ' ' })).toBe(`${t.fields.name}: ${ptBR.forms.requiredField}`);
    expect(stepProblem(0, { ...ready, template: undefined })).toBe(t.templateRequired);
    expect(stepProblem(0, { ...ready, official: false, message: '' })).toBe(t.messageRequired);
    expect(stepProblem(1, { ...ready, official: false, delay: { min: 10, max: 5 } })).toBe(t.delayRange);
    expect(stepProblem(2, { ...ready, tags: [] })).toBe(t.audienceRequired);
    expect(stepProblem(3, { ...ready, sendNow: false, scheduledAt: '2020-01-01T00:00:00.000Z' })).toBe(
      t.scheduledInPast,
    );
    expect([0, 1, 2, 3, 4].map((step) => stepProblem(step, ready))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('sends a template with its variables, or the unofficial text with its pacing', () => {
    expect(bodyOf(ready)).toMatchObject({ template: 'oferta', audience: { tags: ready.tags } });
    expect(bodyOf(ready)).not.toHaveProperty('scheduled_at');
    const text = bodyOf({
      ...ready,
      official: false,
      message: 'Oi {{customer_first_name}}',
      sendNow: false,
      scheduledAt: '2030-01-01T10:00:00.000Z',
    });
    expect(text).toMatchObject({
      message: 'Oi {{customer_first_name}}',
      delay: { min: 5, max: 15 },
      scheduled_at: '2030-01-01T10:00:00.000Z',
    });
    expect(text).not.toHaveProperty('template');
  });
});
