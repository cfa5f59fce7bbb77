import { describe, expect, it } from 'vitest';
import { APP_CATALOGUE, APP_NAMES } from './apps.ts';
import { campaignSchema } from './campaign.ts';
import { companySchema } from './company.ts';
import { customerSchema } from './customer.ts';
import { employeeSchema } from './employee.ts';
import { sendMediaPayloadSchema } from './message.ts';
import { departmentSchema } from './organization.ts';

const ID = '65a1b2c3d4e5f60718293a4b';
const NOW = '2026-01-10T12:00:00.000Z';

describe('entity schemas (spec point 3)', () => {
  it('employee: role must be admin, manager or operator', () => {
    const base = { _id: ID, name: 'Ana', email: 'ana@empresa.com', company: ID, created_at: NOW };
    expect(employeeSchema.parse({ ...base, role: 'manager' }).firstLogin).toBe(true);
    expect(employeeSchema.safeParse({ ...base, role: 'owner' }).success).toBe(false);
  });

  it('ids are 24-hex object ids', () => {
    expect(customerSchema.safeParse({ _id: 'abc', channel: 'whatsapp', company: ID }).success).toBe(false);
  });

  it('customer channel accepts undefined (being validated) as a value', () => {
    expect(customerSchema.parse({ _id: ID, channel: 'undefined', company: ID }).channel).toBe('undefined');
  });

  it('company: modules map, integration keys and plan codes', () => {
    const company = companySchema.parse({
      _id: ID,
      name: 'Loja',
      account_type: 'advanced062025',
      modules: { faq: 1 },
      whatsapps: { 'integration-1': { label: 'Vendas', connection: true, access_token: 't' } },
      status_payment_atende_chat: 'paid',
    });
    expect(company.modules.faq).toBe(1);
    expect(company.status_payment_atende_chat).toBe('paid');
    expect(companySchema.safeParse({ _id: ID, name: 'x', account_type: 'gold' }).success).toBe(false);
    expect(
      companySchema.safeParse({
        _id: ID,
        name: 'x',
        account_type: 'basic',
        whatsapps: { bad: { label: 'a' } },
      }).success,
    ).toBe(false);
  });

  it('department tree nests sub-departments', () => {
    const leaf = {
      name: 'B',
      label: 'A.B',
      employees: [ID],
      sub_departments: [],
      permission: { view_all_contacts: true },
    };
    const tree = { ...leaf, name: 'A', label: 'A', sub_departments: [leaf] };
    expect(departmentSchema.parse(tree).sub_departments[0]?.label).toBe('A.B');
  });

  it('campaign status is one of 0..6', () => {
    const base = { _id: ID, name: 'Black Friday', created_at: NOW };
    expect(campaignSchema.safeParse({ ...base, status: 6 }).success).toBe(true);
    expect(campaignSchema.safeParse({ ...base, status: 7 }).success).toBe(false);
  });

  it('media payload needs file name, type and path', () => {
    const payload = { sent_by: 'operator', operator: ID, channel: 'whatsapp' };
    expect(
      sendMediaPayloadSchema.safeParse({
        ...payload,
        message: { file_name: 'a.png', file_type: 'image', file_path: 'k' },
      }).success,
    ).toBe(true);
    expect(sendMediaPayloadSchema.safeParse({ ...payload, message: { file_name: 'a.png' } }).success).toBe(
      false,
    );
  });

  it('the app catalogue holds the ten apps', () => {
    expect(APP_CATALOGUE.map((app) => app.name)).toEqual([...APP_NAMES]);
    expect(APP_CATALOGUE).toHaveLength(10);
  });
});
