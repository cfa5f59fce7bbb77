import { describe, expect, it } from 'vitest';
import { addContribution, addItem, emptyRollup, emptySum, rollupAttributes, rollupOfSum } from './rollup.ts';

describe('rollup sums', () => {
  it('gives the percentiles of one sketch holding every value, whatever items they were stored in', () => {
    const whole = emptyRollup();
    const sum = emptySum();
    for (let item = 0; item < 30; item += 1) {
      const part = emptyRollup();
      for (let value = 0; value < 40; value += 1) {
        const seconds = (item * 37 + value * 101) % 5000;
        const contribution = {
          at: '2026-11-25T00:00:00Z',
          wait: { cal: seconds, bh: 0 },
          csat: 1 + (value % 5),
        };
        addContribution(part, contribution);
        addContribution(whole, contribution);
      }
      addItem(sum, { ...rollupAttributes(part), labels: { [`e${item}`]: `Agente ${item}` } });
    }
    const read = rollupOfSum(sum);
    for (const quantile of [0.5, 0.9, 0.99]) {
      expect(read.stats.wait_cal.sketch.getValueAtQuantile(quantile)).toBe(
        whole.stats.wait_cal.sketch.getValueAtQuantile(quantile),
      );
      // Every bh value is zero: the zero count carries through.
      expect(read.stats.wait_bh.sketch.getValueAtQuantile(quantile)).toBe(0);
    }
    expect(read.stats.wait_cal).toMatchObject({ n: 1200, sum: whole.stats.wait_cal.sum });
    expect(read.counters).toMatchObject({ csat_n: 1200, csat_sum: whole.counters.csat_sum, csat_3: 240 });
    expect(read.labels.e7).toBe('Agente 7');
  });
});
