import { describe, expect, it } from 'vitest';
import { missingAppFields } from './app-install.ts';

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
      values: { token: 't', shop: 'minha-loja-2.myshopify.com' },
      missing: [],
    },
    {
      clause: 'shopify shop with other characters refused',
      app: 'shopify',
      values: { token: 't', shop: 'minha_loja.myshopify.com' },
      missing: ['shop'],
    },
  ] as const)('$clause', ({ app, values, missing }) => {
    expect(missingAppFields(app, values)).toEqual(missing);
  });
});
