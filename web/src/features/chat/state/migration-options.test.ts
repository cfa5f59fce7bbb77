import { describe, expect, it } from 'vitest';
import { channelBadgeLabel, customerChannelOf, whatsappIntegrationOptions } from './migration-options.ts';

describe('migrate-to-WhatsApp modal options', () => {
  it('labels the contact channel badge as the spec writes it', () => {
    expect(channelBadgeLabel('invalid')).toBe('Desconhecido');
    expect(channelBadgeLabel('error')).toBe('Erro');
    expect(channelBadgeLabel('undefined')).toBe('Validando');
    expect(channelBadgeLabel('whatsapp')).toBe('WhatsApp');
    expect(channelBadgeLabel('telegram')).toBe('Telegram');
  });

  it('reads an official WhatsApp conversation as a WhatsApp contact', () => {
    expect(customerChannelOf('official')).toBe('whatsapp');
    expect(customerChannelOf('widget')).toBe('widget');
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
