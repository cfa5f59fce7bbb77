import type { ContactView } from '@atende/shared/contracts/contacts/views';
import type { CustomFieldView } from '@atende/shared/contracts/custom-fields/views';
import { describe, expect, it } from 'vitest';
import {
  contactFormValues,
  createBody,
  customFieldError,
  emailError,
  fullNameError,
  phoneError,
  updateBody,
} from './contact-form.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

const field = (over: Partial<CustomFieldView>): CustomFieldView => ({
  _id: id(90),
  key: 'cpf',
  label: 'CPF',
  type: 'text',
  options: [],
  required: false,
  ...over,
});

const contact: ContactView = {
  _id: id(1),
  full_name: 'João Silva',
  cel_phone: '+5511987654321',
  email: 'joao@example.com',
  channel: 'whatsapp',
  company: id(2),
  channel_metadata: {},
  tags: [id(3)],
  smart_tags: [],
  wallet: id(4),
  custom_fields: { cpf: '123' },
  data_protection: { legal_basis: 'consent', channels: [{ channel: 'email', status: 'opt_in' }] },
  blacklisted: false,
  masked: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('field checks', () => {
  it('requires a name with the spec message', () => {
    expect(fullNameError('')).toBe('Campo obrigatório.');
    expect(fullNameError('   ')).toBe('Campo obrigatório.');
    expect(fullNameError('Ana')).toBeUndefined();
  });

  it('accepts a blank or real phone and refuses an impossible one', () => {
    expect(phoneError('')).toBeUndefined();
    expect(phoneError('(11) 98765-4321')).toBeUndefined();
    expect(phoneError('12345')).toBe('Telefone inválido.');
  });

  it('checks the e-mail format from the shared rules', () => {
    expect(emailError('')).toBeUndefined();
    expect(emailError('ana@example.com')).toBeUndefined();
    expect(emailError('ana@example')).toBe('E-mail inválido.');
  });

  it('checks custom field values by type', () => {
    expect(customFieldError(field({ required: true }), '')).toBe('Campo obrigatório.');
    expect(customFieldError(field({ type: 'number' }), 'abc')).toBe('Informe um número.');
    expect(customFieldError(field({ type: 'date' }), '31/02/2026')).toBe('Informe uma data válida.');
    expect(customFieldError(field({ type: 'date' }), '28/02/2026')).toBeUndefined();
    expect(customFieldError(field({ type: 'select', options: ['A'] }), 'B')).toBe(
      'Escolha uma das opções do campo.',
    );
  });
});

describe('contactFormValues', () => {
  it('shows a stored contact with the phone mask and every consent channel', () => {
    const values = contactFormValues(contact);
    expect(values.cel_phone).toBe('(11) 98765-4321');
    expect(values.consent).toEqual({ whatsapp: 'none', email: 'opt_in', one_to_one: 'none' });
    expect(values.legal_basis).toBe('consent');
  });
});

describe('request bodies', () => {
  const fields = [field({}), field({ key: 'age', type: 'number' })];

  it('sends a new contact with an E.164 phone and without blank fields', () => {
    const values = {
      ...contactFormValues(undefined),
      full_name: ' Ana ',
      cel_phone: '(11) 98765-4321',
      custom_fields: { age: '30' },
    };
    expect(createBody(values, fields)).toEqual({
      full_name: 'Ana',
      cel_phone: '+5511987654321',
      tags: [],
      wallet: null,
      custom_fields: { cpf: null, age: 30 },
      data_protection: {
        legal_basis: 'none',
        channels: [
          { channel: 'whatsapp', status: 'none' },
          { channel: 'email', status: 'none' },
          { channel: 'one_to_one', status: 'none' },
        ],
      },
    });
  });

  it('clears a phone erased on edit', () => {
    const values = { ...contactFormValues(contact), cel_phone: '' };
    expect(updateBody(values, fields, false)).toMatchObject({ cel_phone: '', email: 'joao@example.com' });
  });

  it('leaves masked phone and e-mail alone', () => {
    const body = updateBody(contactFormValues({ ...contact, masked: true }), fields, true);
    expect(body).not.toHaveProperty('cel_phone');
    expect(body).not.toHaveProperty('email');
  });
});
