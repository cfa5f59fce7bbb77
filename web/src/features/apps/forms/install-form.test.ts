import { APP_CATALOGUE } from '@atende/shared/domain/apps';
import type { AppView } from '@atende/shared/contracts/apps/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { describe, expect, it } from 'vitest';
import { installBody, validateInstallForm, waitsForToken } from './install-form.ts';

const view = (name: string, fields: AppView['fields']): AppView => {
  const entry = APP_CATALOGUE.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(name);
  return { ...entry, allowed: true, fields, installation: null };
};

const pipedrive = view('pipedrive', [
  { name: 'token', required: true, secret: true },
  { name: 'domain', required: true, secret: false },
]);
const shopify = view('shopify', [
  { name: 'token', required: true, secret: true },
  { name: 'shop', required: true, secret: false },
  { name: 'webhook_secret', required: true, secret: true },
]);

describe('install form', () => {
  it('names every missing field in pt-BR', () => {
    expect(validateInstallForm(pipedrive, { token: ' ' })).toEqual({
      token: ptBR.apps.requiredField,
      domain: ptBR.apps.requiredField,
    });
  });
  it('explains the shop rule and the pipedrive domain rule', () => {
    expect(
      validateInstallForm(shopify, { token: 't', shop: 'a_b.myshopify.com', webhook_secret: 's' }),
    ).toEqual({
      shop: ptBR.apps.invalidShop,
    });
    expect(validateInstallForm(pipedrive, { token: 't', domain: 'x.com/y' })).toEqual({
      domain: ptBR.apps.invalidDomain,
    });
    expect(validateInstallForm(pipedrive, { token: 't', domain: 'minhaempresa' })).toEqual({});
  });
  it("adds Shopify's order actions as template sends", () => {
    const action = {
      event: 'order_paid',
      integration: '0123456789abcdef01234567',
      template: 'pedido_pago',
    } as const;
    expect(
      installBody(shopify, { token: 't', shop: 'loja.myshopify.com', webhook_secret: 's' }, [
        { ...action, action: 'send_template_message' },
      ]),
    ).toEqual({
      token: 't',
      shop: 'loja.myshopify.com',
      webhook_secret: 's',
      shopify_actions: [{ ...action, action: 'send_template_message' }],
    });
    expect(installBody(pipedrive, { token: 't', domain: 'd' }, [])).toEqual({ token: 't', domain: 'd' });
  });

  it('sends the trimmed fields of the app only', () => {
    expect(installBody(pipedrive, { token: ' t ', domain: 'd', alias: 'x' })).toEqual({
      token: 't',
      domain: 'd',
    });
  });
  it('says an RD Station CRM installed without its optional token does not sync, and one with it does', () => {
    const rdstation = view('rdstation', [
      { name: 'alias', required: true, secret: false },
      { name: 'token', required: false, secret: true },
    ]);
    const installation = { _id: '6b0c1ebfe5f9bcba27b6de88', installed_at: '2026-11-29T12:00:00.000Z' };
    expect(waitsForToken(rdstation)).toBe(false);
    expect(
      waitsForToken({
        ...rdstation,
        installation: { ...installation, settings: { alias: 'Vendas' }, credentials_set: [] },
      }),
    ).toBe(true);
    expect(
      waitsForToken({
        ...rdstation,
        installation: { ...installation, settings: { alias: 'Vendas' }, credentials_set: ['token'] },
      }),
    ).toBe(false);
    expect(
      waitsForToken({
        ...pipedrive,
        installation: { ...installation, settings: { domain: 'x' }, credentials_set: [] },
      }),
    ).toBe(false);
  });
});
