import { describe, expect, it } from 'vitest';
import { rowOrderError, timeError, walletNameError, walletRequest } from './wallet-form.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('wallet form checks', () => {
  it('requires a name', () => {
    expect(walletNameError('')).toBe('Campo obrigatório.');
    expect(walletNameError('Vendas')).toBeUndefined();
  });

  it('requires times in HH:MM from 00 to 23', () => {
    expect(timeError('')).toBe('Campo obrigatório.');
    expect(timeError('24:00')).toBe('Horário inválido: use HH:MM.');
    expect(timeError('9:00')).toBe('Horário inválido: use HH:MM.');
    expect(timeError('09:30')).toBeUndefined();
  });

  it('refuses a row ending before it starts', () => {
    expect(rowOrderError({ day: 'monday', start: '18:00', end: '08:00' })).toBe(
      'O horário de início deve ser anterior ao de término.',
    );
    expect(rowOrderError({ day: 'monday', start: '08:00', end: '18:00' })).toBeUndefined();
  });
});

describe('walletRequest', () => {
  it('sorts the schedule by weekday and keeps the owner out of the members', () => {
    expect(
      walletRequest({
        name: ' Vendas ',
        employee_owner: id(1),
        employees: [id(1), id(2)],
        weekly_schedule: [
          { day: 'friday', start: '08:00', end: '12:00' },
          { day: 'monday', start: '13:00', end: '18:00' },
          { day: 'monday', start: '08:00', end: '12:00' },
        ],
      }),
    ).toEqual({
      name: 'Vendas',
      employee_owner: id(1),
      employees: [id(2)],
      weekly_schedule: [
        { day: 'monday', start: '08:00', end: '12:00' },
        { day: 'monday', start: '13:00', end: '18:00' },
        { day: 'friday', start: '08:00', end: '12:00' },
      ],
    });
  });
});
