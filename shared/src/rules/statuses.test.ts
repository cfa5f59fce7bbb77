import { describe, expect, it } from 'vitest';
import { TEMPLATE_STATUSES } from '../domain/constants.ts';
import { campaignStatusLabel, campaignStatusName, channelHealth, isTemplateUsable } from './statuses.ts';

describe('template statuses (spec point 4: only APPROVED is usable)', () => {
  it.each(TEMPLATE_STATUSES.map((status) => ({ status, usable: status === 'APPROVED' })))(
    '$status usable: $usable',
    ({ status, usable }) => {
      expect(isTemplateUsable({ status })).toBe(usable);
    },
  );
});

describe('campaign statuses (spec point 4)', () => {
  it.each([
    { code: 0, name: 'created', label: 'Criada' },
    { code: 1, name: 'scheduled', label: 'Agendada' },
    { code: 2, name: 'running', label: 'Em andamento' },
    { code: 3, name: 'sent', label: 'Enviada' },
    { code: 4, name: 'cancelled', label: 'Cancelada' },
    { code: 5, name: 'dispatchStarted', label: 'Disparo iniciado' },
    { code: 6, name: 'dispatchFinished', label: 'Disparo finalizado' },
  ])('$code is $name', ({ code, name, label }) => {
    expect(campaignStatusName(code)).toBe(name);
    expect(campaignStatusLabel(code)).toBe(label);
  });

  it('unknown code has no name', () => {
    expect(campaignStatusName(7)).toBeUndefined();
  });
});

describe('channel health (spec point 4: 1 all, 2 some, 3 none)', () => {
  it.each([
    { clause: '1 all connected', states: [true, true], health: 1 },
    { clause: '2 some connected', states: [true, false], health: 2 },
    { clause: '3 none connected', states: [false, false], health: 3 },
    { clause: '3 when there is no integration', states: [], health: 3 },
  ])('$clause', ({ states, health }) => {
    expect(channelHealth(states.map((connection) => ({ connection })))).toBe(health);
  });
});
