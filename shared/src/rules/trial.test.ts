import { describe, expect, it } from 'vitest';
import { isTrialExpired, showsTrialCountdown, trialCountdown } from './trial.ts';

const NOW = new Date('2026-01-10T12:00:00.000Z');
const after = (ms: number) => new Date(NOW.getTime() + ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('trialCountdown (spec point 4, trial accounts)', () => {
  it.each([
    { clause: 'plural days', left: 5 * D + 23 * H, label: 'advanced - Restam 5 dias' },
    { clause: 'singular day: Resta 1 dia', left: D + 3 * H, label: 'advanced - Resta 1 dia' },
    { clause: 'plural hours under a day', left: 23 * H + 59 * M, label: 'advanced - Restam 23 horas' },
    { clause: 'singular hour', left: H, label: 'advanced - Resta 1 hora' },
    { clause: 'plural minutes', left: 2 * M + 5 * S, label: 'advanced - Restam 2 minutos' },
    { clause: 'singular minute', left: M + 30 * S, label: 'advanced - Resta 1 minuto' },
    { clause: 'plural seconds under 60 s', left: 59 * S + 400, label: 'advanced - Restam 59 segundos' },
    { clause: 'singular second', left: S, label: 'advanced - Resta 1 segundo' },
  ])('$clause', ({ left, label }) => {
    const result = trialCountdown('advanced', after(left), NOW);
    expect(result).toMatchObject({ expired: false, label });
  });

  it('under 60 s it updates each second', () => {
    expect(trialCountdown('essential', after(30 * S), NOW)).toMatchObject({ nextTickMs: 1000 });
  });

  it('above 60 s the next tick is when the label changes (at the 60 s boundary)', () => {
    const result = trialCountdown('essential', after(M + 10 * S), NOW);
    expect(result).toMatchObject({ nextTickMs: 10 * S + 1 });
  });

  it('days tick at most once a minute', () => {
    expect(trialCountdown('essential', after(3 * D + 5 * H), NOW)).toMatchObject({ nextTickMs: M });
  });

  it('at zero the trial is expired', () => {
    expect(trialCountdown('advanced', NOW, NOW)).toEqual({ expired: true });
    expect(trialCountdown('advanced', after(-D), NOW)).toEqual({ expired: true });
  });
});

describe('trial clauses (spec point 4)', () => {
  it.each([
    {
      clause: 'non-basic trial shows the countdown',
      company: { account_type: 'advanced', account_is_trial: true },
      shows: true,
    },
    {
      clause: 'basic never shows it',
      company: { account_type: 'basic', account_is_trial: true },
      shows: false,
    },
    {
      clause: 'a paid account does not show it',
      company: { account_type: 'professional', account_is_trial: false },
      shows: false,
    },
  ])('$clause', ({ company, shows }) => {
    expect(showsTrialCountdown(company)).toBe(shows);
  });

  it('data_trial.status expired means the trial is expired', () => {
    expect(isTrialExpired({ data_trial: { status: 'expired' } })).toBe(true);
    expect(isTrialExpired({ data_trial: { status: 'active' } })).toBe(false);
    expect(isTrialExpired({})).toBe(false);
  });
});
