import { describe, expect, it } from 'vitest';
import { addressWarning } from './address.ts';

const full = {
  street: 'Av. Santos Dumont',
  district: 'Aldeota',
  city: 'Fortaleza',
  state: 'CE',
  country: 'Brasil',
  number: '1000',
};

describe('company address (spec point 5)', () => {
  it.each([
    { clause: 'complete address: no warning', address: full, warning: undefined },
    {
      clause: 'missing street',
      address: { ...full, street: '' },
      warning: 'Informações incompletas para o endereço...',
    },
    {
      clause: 'blank number',
      address: { ...full, number: '  ' },
      warning: 'Informações incompletas para o endereço...',
    },
    {
      clause: 'no address at all',
      address: undefined,
      warning: 'Informações incompletas para o endereço...',
    },
  ])('$clause', ({ address, warning }) => {
    expect(addressWarning(address)).toBe(warning);
  });
});
