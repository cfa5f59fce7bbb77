import { describe, expect, it } from 'vitest';
import { badgeColor, channelBadgeLabel, whatsappIntegrationOptions } from './migration-options.ts';

describe('migrate-to-WhatsApp modal options', () => {
  it('labels the contact channel badge as the spec writes it', () => {
    expect(channelBadgeLabel('invalid')).toBe('Desconhecido');
    expect(channelBadgeLabel('error')).toBe('Erro');
    expect(channelBadgeLabel('undefined')).toBe('Validando');
    expect(channelBadgeLabel('whatsapp')).toBe('WhatsApp');
    expect(channelBadgeLabel('telegram')).toBe('Telegram');
  });

  it('labels every other messaging channel by its name', () => {
    expect(channelBadgeLabel('widget')).toBe('Widget');
    expect(channelBadgeLabel('email')).toBe('E-mail');
    expect(channelBadgeLabel('messenger')).toBe('Messenger');
  });

  it('colours the badge by the validation state of the contact', () => {
    expect(badgeColor('whatsapp')).toBe('green');
    expect(badgeColor('invalid')).toBe('default');
    expect(badgeColor('error')).toBe('red');
    expect(badgeColor('undefined')).toBe('gold');
    expect(badgeColor('telegram')).toBe('blue');
  });

  it('offers only WhatsApp integrations that hold an access token, by id', () => {
    const options = whatsappIntegrationOptions({
      whatsapps: {
        'integration-a1': { label: 'Vendas', access_token: 'tok' },
        'integration-a2': { label: 'Sem token' },
      },
      official_whatsapps: { 'integration-b1': { label: 'Oficial', access_token: 'tok2' }, broken: 3 },
    });
    expect(options).toEqual([
      { value: 'a1', label: 'Vendas' },
      { value: 'b1', label: 'Oficial' },
    ]);
  });
});
