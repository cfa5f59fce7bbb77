import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getPermissions } from '@atende/shared/contracts/account/get-permissions';
import { getCompanyPermissions } from '@atende/shared/contracts/company/get-company-permissions';
import { getCompanyProfile } from '@atende/shared/contracts/company/get-company-profile';
import { getCompanySettings } from '@atende/shared/contracts/company/get-company-settings';
import { COMPANY_SETTINGS_DEFAULTS } from '@atende/shared/contracts/company/settings';
import { updateCompanyPermissions } from '@atende/shared/contracts/company/update-company-permissions';
import { updateCompanyProfile } from '@atende/shared/contracts/company/update-company-profile';
import { updateCompanySettings } from '@atende/shared/contracts/company/update-company-settings';
import { createDepartment } from '@atende/shared/contracts/departments/create-department';
import { MANAGER_COMPANY_PERMISSIONS, OPERATOR_PERMISSIONS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as accountHandler } from '../account/handler.ts';
import { keys } from '../auth/keys.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as departmentsHandler } from '../departments/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { readChatSettings } from './settings-reader.ts';
import { createTenant, type Tenant } from './test-tenant.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const companyItem = async (companyId: string) =>
  (
    await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: keys.company(companyId), ConsistentRead: true }),
    )
  ).Item as Record<string, unknown>;

const patchSettings = (body: unknown, token = a.admin.token) =>
  callRoute(handler, updateCompanySettings, { token, body });

describe('company settings', () => {
  it('answers the defaults for every section before anything is saved, to every role', async () => {
    const response = await callRoute(handler, getCompanySettings, { token: a.operator.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(COMPANY_SETTINGS_DEFAULTS);
  });

  it('merges a partial update, keeps other sections, mirrors the company switches and feeds the readers', async () => {
    const department = (
      await callRoute(departmentsHandler, createDepartment, {
        token: a.admin.token,
        body: { name: 'Triagem' },
      })
    ).body as { _id: string };
    const response = await patchSettings({
      chatLimits: { maxActiveChatsPerOperator: 5 },
      autoClose: { chatbot: { enabled: true, hours: 12 } },
      chatbotForwarding: { enabled: true, department: department._id },
      serviceCategories: { tabulation_mode: true },
      serviceEvaluation: { enabled: true, flowByGrade: { '1': 'aaaaaaaaaaaaaaaaaaaaaaaa' } },
      holidays: [{ date: '2026-12-25', name: 'Natal', recurring: true }],
    });
    expect(response.status).toBe(200);
    const second = await patchSettings({
      queue: { outsideOfficeHours: 'reject', rejectMessage: 'Fora do horário.' },
    });
    const saved = second.body as typeof COMPANY_SETTINGS_DEFAULTS;
    expect(saved.chatLimits.maxActiveChatsPerOperator).toBe(5);
    expect(saved.autoClose).toEqual({
      attendant: { enabled: false, hours: 24 },
      chatbot: { enabled: true, hours: 12 },
    });
    expect(saved.serviceEvaluation).toMatchObject({ enabled: true, expiryMinutes: 60 });
    expect(saved.queue.outsideOfficeHours).toBe('reject');
    expect((await callRoute(handler, getCompanySettings, { token: a.admin.token })).body).toEqual(saved);
    const item = await companyItem(a.companyId);
    expect(item.tabulation_mode).toBe(true);
    expect(readChatSettings(item, item.departments as never)).toEqual({
      maxActiveChatsPerOperator: 5,
      chatbotAutoClose: { enabled: true, hours: 12, forwardToDepartment: 'Triagem' },
      serviceEvaluation: {
        enabled: true,
        expiryMinutes: 60,
        flowByGrade: { '1': 'aaaaaaaaaaaaaaaaaaaaaaaa' },
      },
    });
  });

  it('answers 400 naming the field in pt-BR and leaves the stored document as it was', async () => {
    const before = (await callRoute(handler, getCompanySettings, { token: a.admin.token })).body;
    const cases: [unknown, string, string][] = [
      [
        { autoClose: { attendant: { enabled: true } } },
        'autoClose.attendant.hours',
        ptBR.forms.requiredField,
      ],
      [{ chatLimits: { maxActiveChatsPerOperator: -1 } }, 'chatLimits.maxActiveChatsPerOperator', ''],
      [{ queue: { rejectMessage: '' } }, 'queue.rejectMessage', ptBR.forms.requiredField],
      [
        { officeHours: { weekly: [{ day: 'monday', start: '18:00', end: '08:00' }] } },
        'officeHours.weekly.0.end',
        ptBR.admin.endBeforeStart,
      ],
      [
        { officeHours: { weekly: [{ day: 'monday', start: '24:00', end: '25:00' }] } },
        'officeHours.weekly.0.start',
        ptBR.admin.invalidTime,
      ],
      [
        { holidays: [{ date: '2026-02-30', name: 'X', recurring: false }] },
        'holidays.0.date',
        ptBR.admin.invalidDate,
      ],
      [
        { chatbotForwarding: { department: 'bbbbbbbbbbbbbbbbbbbbbbbb' } },
        'chatbotForwarding.department',
        ptBR.admin.departmentNotFound,
      ],
      [{ nonsense: {} }, 'body', ''],
    ];
    for (const [body, field, message] of cases) {
      const response = await patchSettings(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatchObject({ field });
      expect((response.body as { message: string }).message).toContain(message);
    }
    expect((await callRoute(handler, getCompanySettings, { token: a.admin.token })).body).toEqual(before);
  });

  it("refuses managers and operators, and never touches another company's settings", async () => {
    for (const token of [a.manager.token, a.operator.token]) {
      expect((await patchSettings({ leads: { enabled: true } }, token)).status).toBe(403);
    }
    expect((await callRoute(handler, getCompanySettings, { token: b.admin.token })).body).toEqual(
      COMPANY_SETTINGS_DEFAULTS,
    );
  });
});

describe('company permissions', () => {
  it('lists every spec flag, saves a partial change, and the change reaches the permissions route', async () => {
    const initial = (await callRoute(handler, getCompanyPermissions, { token: a.admin.token })).body as {
      manager: Record<string, boolean>;
      operator: Record<string, boolean>;
    };
    expect(Object.keys(initial.manager)).toEqual([...MANAGER_COMPANY_PERMISSIONS]);
    expect(Object.keys(initial.operator)).toEqual([...OPERATOR_PERMISSIONS]);
    const response = await callRoute(handler, updateCompanyPermissions, {
      token: a.admin.token,
      body: { operator: { allow_spies: true }, manager: { 'contacts:export-base': true } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      operator: { allow_spies: true, display_all_attendances: false },
      manager: { 'contacts:export-base': true },
    });
    const seen = (await callRoute(accountHandler, getPermissions, { token: a.operator.token })).body as {
      permissions: Record<string, boolean>;
    };
    expect(seen.permissions.allow_spies).toBe(true);
    const other = (await callRoute(handler, getCompanyPermissions, { token: b.admin.token })).body as {
      operator: Record<string, boolean>;
    };
    expect(other.operator.allow_spies).toBe(false);
  });

  it('answers 400 for an unknown flag and 403 for a manager', async () => {
    const unknown = await callRoute(handler, updateCompanyPermissions, {
      token: a.admin.token,
      body: { operator: { root: true } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'operator' });
    expect(
      (await callRoute(handler, updateCompanyPermissions, { token: a.manager.token, body: { operator: {} } }))
        .status,
    ).toBe(403);
    expect((await callRoute(handler, getCompanyPermissions, { token: a.operator.token })).status).toBe(403);
  });
});

describe('company profile', () => {
  it('saves name, a valid CNPJ as digits, the address and timezone; the plan stays read-only', async () => {
    const response = await callRoute(handler, updateCompanyProfile, {
      token: a.admin.token,
      body: {
        name: 'Loja Nova',
        cnpj: '11.222.333/0001-81',
        address: { street: 'Rua A', city: 'Fortaleza' },
        timezone: 'America/Sao_Paulo',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Loja Nova',
      cnpj: '11222333000181',
      address: { street: 'Rua A', city: 'Fortaleza', number: '' },
      addressWarning: ptBR.forms.incompleteAddress,
      timezone: 'America/Sao_Paulo',
      plan: { account_type: 'professional', max_included_users: 50, active_users: 3 },
    });
    const complete = await callRoute(handler, updateCompanyProfile, {
      token: a.admin.token,
      body: { address: { district: 'Centro', state: 'CE', country: 'Brasil', number: '10' } },
    });
    expect(complete.body).toMatchObject({ addressWarning: null, name: 'Loja Nova' });
    const plan = await callRoute(handler, updateCompanyProfile, {
      token: a.admin.token,
      body: { account_type: 'basic' },
    });
    expect(plan.status).toBe(400);
    expect((await companyItem(a.companyId)).account_type).toBe('professional');
  });

  it('answers 400 for a CNPJ with wrong check digits or an unknown timezone, and 403 for others', async () => {
    const cnpj = await callRoute(handler, updateCompanyProfile, {
      token: a.admin.token,
      body: { cnpj: '11.222.333/0001-82' },
    });
    expect(cnpj.body).toMatchObject({
      field: 'cnpj',
      message: `Campo inválido: cnpj: ${ptBR.admin.invalidCnpj}`,
    });
    const zone = await callRoute(handler, updateCompanyProfile, {
      token: a.admin.token,
      body: { timezone: 'Mars/Olympus' },
    });
    expect(zone.body).toMatchObject({ field: 'timezone' });
    expect((await callRoute(handler, getCompanyProfile, { token: a.operator.token })).status).toBe(403);
    expect((await callRoute(handler, getCompanyProfile, { token: b.admin.token })).body).toMatchObject({
      name: 'Empresa Teste',
      cnpj: null,
    });
  });
});
