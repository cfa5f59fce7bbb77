import { describe, expect, it } from 'vitest';
import { APP_CATALOGUE } from '../domain/apps.ts';
import {
  appAllowedForPlan,
  appFormFields,
  missingAppFields,
  PIPEDRIVE_DOMAIN_PATTERN,
} from './app-install.ts';

const salesforce = {
  token: 't',
  client_key: 'k',
  login_user: 'u',
  login_password: 'p',
  security_token: 's',
};

describe('app install required fields (spec point 5)', () => {
  it.each([
    { clause: 'salesforce complete', app: 'salesforce', values: salesforce, missing: [] },
    {
      clause: 'salesforce needs the security token',
      app: 'salesforce',
      values: { ...salesforce, security_token: '' },
      missing: ['security_token'],
    },
    {
      clause: 'pipedrive needs token and domain',
      app: 'pipedrive',
      values: { token: 't' },
      missing: ['domain'],
    },
    {
      clause: 'vortico needs a flow to end attendance',
      app: 'vortico',
      values: { token: 't' },
      missing: ['end_attendance_flow'],
    },
    {
      clause: 'rdstation needs a non-blank alias',
      app: 'rdstation',
      values: { alias: '   ' },
      missing: ['alias'],
    },
    { clause: 'others need a token', app: 'agendor', values: {}, missing: ['token'] },
    {
      clause: 'shopify shop: letters, digits, hyphens + platform domain',
      app: 'shopify',
      values: { token: 't', shop: 'minha-loja-2.myshopify.com', webhook_secret: 's' },
      missing: [],
    },
    {
      clause: 'shopify shop with other characters refused',
      app: 'shopify',
      values: { token: 't', shop: 'minha_loja.myshopify.com', webhook_secret: 's' },
      missing: ['shop'],
    },
  ] as const)('$clause', ({ app, values, missing }) => {
    expect(missingAppFields(app, values)).toEqual(missing);
  });
});

describe('app catalogue plan rules (spec point 3)', () => {
  const pipedrive = APP_CATALOGUE.find((entry) => entry.name === 'pipedrive');
  it('lists the ten apps with a logo and a category each', () => {
    expect(APP_CATALOGUE.map((entry) => entry.name)).toHaveLength(10);
    for (const entry of APP_CATALOGUE) expect(entry.logo).toBe(`/apps/${entry.name}.svg`);
  });
  it('allows a paid plan, refuses basic, unavailable apps and a missing plan feature', () => {
    if (!pipedrive) throw new Error('pipedrive missing from the catalogue');
    expect(appAllowedForPlan(pipedrive, 'professional', [])).toBe(true);
    expect(appAllowedForPlan(pipedrive, 'basic', [])).toBe(false);
    expect(appAllowedForPlan({ ...pipedrive, available: false }, 'professional', [])).toBe(false);
    expect(appAllowedForPlan({ ...pipedrive, planFeature: 'crm' }, 'professional', [])).toBe(false);
    expect(appAllowedForPlan({ ...pipedrive, planFeature: 'crm' }, 'professional', ['crm'])).toBe(true);
  });
  it('shopify needs the webhook secret; the form lists required fields first', () => {
    expect(missingAppFields('shopify', { token: 't', shop: 'loja.myshopify.com' })).toEqual([
      'webhook_secret',
    ]);
    expect(appFormFields('shopify')).toEqual(['token', 'shop', 'webhook_secret']);
    expect(appFormFields('pipedrive')).toEqual(['token', 'domain']);
  });
  it('rdstation requires its alias only and also asks for the API token its sync uses', () => {
    expect(appFormFields('rdstation')).toEqual(['alias', 'token']);
    expect(missingAppFields('rdstation', {})).toEqual(['alias']);
    expect(missingAppFields('rdstation', { alias: 'Vendas' })).toEqual([]);
  });
  it('accepts a pipedrive company name or its pipedrive.com domain only', () => {
    expect(PIPEDRIVE_DOMAIN_PATTERN.test('minhaempresa')).toBe(true);
    expect(PIPEDRIVE_DOMAIN_PATTERN.test('minhaempresa.pipedrive.com')).toBe(true);
    expect(PIPEDRIVE_DOMAIN_PATTERN.test('evil.com/x')).toBe(false);
    expect(PIPEDRIVE_DOMAIN_PATTERN.test('127.0.0.1')).toBe(false);
  });
});
