import { describe, expect, it } from 'vitest';
import { checkMigration, migrationFailureMessage, type MigrationRequest } from './migration.ts';

const ok: MigrationRequest = {
  confirmed: true,
  integrationId: 'integration-1',
  customer: { channel: 'messenger', cel_phone: '+5585999990000' },
};

describe('migration to WhatsApp preconditions (spec point 5)', () => {
  it.each([
    { clause: 'all preconditions met', request: ok, result: { ok: true } },
    {
      clause: 'confirmation not ticked',
      request: { ...ok, confirmed: false },
      result: { ok: false, message: 'Não foi possível realizar o processo, confirmação não aceita.' },
    },
    {
      clause: 'no integration selected',
      request: { ...ok, integrationId: undefined },
      result: {
        ok: false,
        message: 'Não foi possível realizar o processo, não há integração definida para o contato.',
      },
    },
    {
      clause: 'customer missing: silently refused',
      request: { ...ok, customer: undefined },
      result: { ok: false, silent: true },
    },
    {
      clause: 'customer already on WhatsApp: silently refused',
      request: { ...ok, customer: { channel: 'whatsapp', cel_phone: '1' } },
      result: { ok: false, silent: true },
    },
    {
      clause: 'no phone number',
      request: { ...ok, customer: { channel: 'instagram' } },
      result: {
        ok: false,
        message: 'Não foi possível realizar o processo, não há número de contato definido.',
      },
    },
  ])('$clause', ({ request, result }) => {
    expect(checkMigration(request)).toEqual(result);
  });
});

describe('migration failure messages (spec point 8)', () => {
  it('error with a message: duplicate number', () => {
    expect(migrationFailureMessage({ data: { message: 'exists' } })).toBe(
      'Não é possível migrar para o WhatsApp, pois já existe um contato com o número informado.',
    );
  });
  it('otherwise the generic process error', () => {
    expect(migrationFailureMessage(undefined)).toBe('Error ao realizar processo.');
  });
});
