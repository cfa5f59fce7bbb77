import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { describe, expect, it } from 'vitest';
import { channelFields } from './channel-fields.ts';
import {
  checkedCreateBody,
  checkedUpdateBody,
  choiceOf,
  CREATE_MODE,
  initialValues,
  validateChannelForm,
} from './channel-form.ts';

const REQUIRED = 'Campo obrigatório.';
const names = (choice: Parameters<typeof channelFields>[0]) =>
  channelFields(choice).map((field) => field.name);

describe('fields per provider (issue 6 credential names)', () => {
  it.each([
    [
      { type: 'official', provider: 'meta' },
      ['phone', 'phone_number_id', 'access_token', 'app_secret', 'verify_token', 'waba_id'],
    ],
    [{ type: 'official', provider: 'dialog' }, ['phone', 'api_key', 'phone_number_id']],
    [{ type: 'official', provider: 'gupshup' }, ['phone', 'app_name', 'api_key']],
    [
      { type: 'official', provider: 'motor' },
      ['base_url', 'phone', 'phone_number_id', 'access_token', 'app_secret', 'verify_token', 'waba_id'],
    ],
    [{ type: 'messenger' }, ['page_id', 'access_token', 'app_secret', 'verify_token']],
    [
      { type: 'instagram' },
      ['page_id', 'access_token', 'app_secret', 'verify_token', 'instagram_account_id'],
    ],
    [{ type: 'telegram' }, ['bot_token', 'secret_token']],
    [{ type: 'email' }, ['email']],
    [{ type: 'widget' }, ['color', 'greeting']],
  ] as const)('%o asks for %o', (choice, expected) => {
    expect(names(choice)).toEqual(expected);
  });

  it('marks tokens and keys as write-only secrets, identifiers as visible', () => {
    const meta = channelFields({ type: 'official', provider: 'meta' });
    expect(meta.filter((field) => field.secret).map((field) => field.name)).toEqual([
      'access_token',
      'app_secret',
      'verify_token',
    ]);
  });
});

describe('validation', () => {
  it("says 'Campo obrigatório.' for every blank required field and the label", () => {
    expect(validateChannelForm({ type: 'official', provider: 'meta' }, { phone: '  ' }, CREATE_MODE)).toEqual(
      {
        label: REQUIRED,
        phone: REQUIRED,
        phone_number_id: REQUIRED,
        access_token: REQUIRED,
        app_secret: REQUIRED,
        verify_token: REQUIRED,
      },
    );
  });

  it('checks formats of filled fields', () => {
    const errors = validateChannelForm(
      { type: 'telegram' },
      { label: 'Bot', bot_token: 'not-a-token', secret_token: 'has space' },
      CREATE_MODE,
    );
    expect(errors).toEqual({
      bot_token: 'Formato esperado: 123456:ABC-DEF.',
      secret_token: 'Use até 256 letras, dígitos, _ ou -.',
    });
    expect(validateChannelForm({ type: 'email' }, { label: 'SAC', email: 'x@' }, CREATE_MODE)).toEqual({
      email: 'Informe um e-mail válido.',
    });
    expect(
      validateChannelForm(
        { type: 'official', provider: 'gupshup' },
        { label: 'G', phone: '+55 11', app_name: 'a', api_key: 'k' },
        CREATE_MODE,
      ),
    ).toEqual({ phone: 'Informe somente dígitos, de 8 a 15.' });
  });

  it('leaves saved secrets alone when editing unless the admin replaces them', () => {
    const choice = { type: 'messenger' } as const;
    const values = { label: 'Página', page_id: '123' };
    expect(validateChannelForm(choice, values, { editing: true, replacing: new Set() })).toEqual({});
    expect(
      validateChannelForm(choice, values, { editing: true, replacing: new Set(['app_secret']) }),
    ).toEqual({
      app_secret: REQUIRED,
    });
  });
});

describe('bodies checked by the contract', () => {
  it('builds the unofficial WhatsApp body from the label alone (the QR links it afterwards)', () => {
    expect(channelFields({ type: 'unofficial' })).toEqual([]);
    expect(checkedCreateBody({ type: 'unofficial' }, { label: ' Loja ' })).toEqual({
      ok: true,
      body: { type: 'unofficial', label: 'Loja' },
    });
  });

  it('builds the Meta create body with the provider names, trimmed, without blank optionals', () => {
    const checked = checkedCreateBody(
      { type: 'official', provider: 'meta' },
      {
        label: ' Vendas ',
        phone: '5511999990000',
        phone_number_id: '1098',
        access_token: 'EAAG',
        app_secret: 'secret',
        verify_token: 'verify',
        waba_id: '',
      },
    );
    expect(checked).toEqual({
      ok: true,
      body: {
        type: 'official',
        provider: 'meta',
        label: 'Vendas',
        phone: '5511999990000',
        phone_number_id: '1098',
        access_token: 'EAAG',
        app_secret: 'secret',
        verify_token: 'verify',
      },
    });
  });

  it('builds the widget body with its settings and lets the e-mail contract lowercase', () => {
    expect(checkedCreateBody({ type: 'widget' }, { label: 'Site', color: '#ff0000', greeting: '' })).toEqual({
      ok: true,
      body: { type: 'widget', label: 'Site', color: '#ff0000', greeting: '' },
    });
    expect(checkedCreateBody({ type: 'email' }, { label: 'SAC', email: 'SAC@Empresa.com' })).toEqual({
      ok: true,
      body: { type: 'email', label: 'SAC', email: 'sac@empresa.com' },
    });
  });

  it('reports a contract refusal under the field it concerns', () => {
    const checked = checkedCreateBody(
      { type: 'official', provider: 'motor' },
      { label: 'M', base_url: 'nope' },
    );
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.errors)).toContain('base_url');
  });

  it('sends only the label, visible fields and replaced secrets on edit', () => {
    const checked = checkedUpdateBody(
      { type: 'telegram' },
      { label: 'Bot novo', bot_token: '123:abc', secret_token: 'ignored' },
      { editing: true, replacing: new Set(['bot_token']) },
    );
    expect(checked).toEqual({ ok: true, body: { label: 'Bot novo', bot_token: '123:abc' } });
  });
});

describe('saved integrations', () => {
  const saved: IntegrationView = {
    _id: 'a'.repeat(24),
    type: 'official',
    provider: 'gupshup',
    label: 'Gupshup',
    connection: false,
    created_at: '2026-01-01T00:00:00.000Z',
    webhookUrl: 'https://api.example/api/webhooks/gupshup/x?token=t',
    credentials: { phone: '5511999990000', app_name: 'loja', api_key: '••••abcd' },
  };

  it('edits with the saved provider and shows identifiers, never secrets', () => {
    expect(choiceOf(saved)).toEqual({ type: 'official', provider: 'gupshup' });
    expect(initialValues(saved)).toEqual({ label: 'Gupshup', phone: '5511999990000', app_name: 'loja' });
  });
});
