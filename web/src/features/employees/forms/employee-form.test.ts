import { describe, expect, it } from 'vitest';
import type { REFRESH_SESSION_EVENTS } from '@atende/shared/realtime/server-events';
import { serverFrame } from '@atende/shared/realtime/server-frame';
import type { AdminEmployeeView } from '@atende/shared/contracts/employees/views';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { employeeKeys, employeeKeysForFrame } from '../api/query-keys.ts';
import {
  canEditIdentity,
  createRefusal,
  departmentOptions,
  emailStatus,
  employeeFieldError,
} from './employee-form.ts';

type RefreshEvent = (typeof REFRESH_SESSION_EVENTS)[number];

const COMPANY = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ME = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const OTHER = 'cccccccccccccccccccccccc';

const employee = (id: string): AdminEmployeeView => ({
  _id: id,
  name: 'Ana',
  email: 'ana@demo.local',
  role: 'operator',
  is_root: false,
  company: COMPANY,
  settings: {},
  created_at: '2026-11-01T00:00:00.000Z',
  last_access_in_platform: null,
  firstLogin: true,
  modalGeneral: false,
  disableInactivity: false,
  inactive: false,
  rooms: [],
  departments: [],
});

describe('employee form', () => {
  it("says 'Campo obrigatório.' for an empty name, e-mail, role or password", () => {
    expect(employeeFieldError('name', '')).toBe('Campo obrigatório.');
    expect(employeeFieldError('name', '   ')).toBe('Campo obrigatório.');
    expect(employeeFieldError('email', undefined)).toBe('Campo obrigatório.');
    expect(employeeFieldError('role', undefined)).toBe('Campo obrigatório.');
    expect(employeeFieldError('password', undefined)).toBe('Campo obrigatório.');
  });

  it('reports format errors for the e-mail and a short password, and accepts good values', () => {
    expect(employeeFieldError('email', 'ana@')).toBe('E-mail inválido.');
    expect(employeeFieldError('password', 'abc')).toBe('A senha deve ter pelo menos 8 caracteres.');
    expect(employeeFieldError('email', 'ana@demo.local')).toBeUndefined();
    expect(employeeFieldError('role', 'manager')).toBeUndefined();
    expect(employeeFieldError('password', 'segredo123')).toBeUndefined();
  });

  it('lets name and e-mail be edited on create and by the employee themself only', () => {
    expect(canEditIdentity(undefined, ME)).toBe(true);
    expect(canEditIdentity(employee(ME), ME)).toBe(true);
    expect(canEditIdentity(employee(OTHER), ME)).toBe(false);
  });

  it('asks for name and password only when the e-mail has no account yet', () => {
    expect(emailStatus(undefined)).toBe('unknown');
    expect(emailStatus({ exists: false, inCompany: false })).toBe('new');
    expect(emailStatus({ exists: true, inCompany: false })).toBe('existing-account');
    expect(emailStatus({ exists: true, inCompany: true })).toBe('already-here');
  });

  it('tells the plan-limit refusal apart from other failures', () => {
    const limit = new ApiRequestError(409, 'Limite de 3 usuários do plano atingido.', {
      code: 'employee_limit',
    });
    expect(createRefusal(limit)).toBe('employee-limit');
    expect(createRefusal(new ApiRequestError(500, 'x'))).toBe('other');
    expect(createRefusal(new Error('x'))).toBe('other');
  });

  it('offers every department of the tree with its truncated dotted path', () => {
    const options = departmentOptions([
      {
        _id: 'dddddddddddddddddddddddd',
        name: 'Atendimento ao cliente',
        label: 'Atendimento ao cliente',
        employees: [],
        tag_color: '#1e88e5',
        view_all_contacts: false,
        sub_departments: [
          {
            _id: 'eeeeeeeeeeeeeeeeeeeeeeee',
            name: 'Pós-venda e garantia estendida',
            label: 'Atendimento ao cliente.Pós-venda e garantia estendida',
            employees: [],
            tag_color: '#1e88e5',
            view_all_contacts: false,
            sub_departments: [],
          },
        ],
      },
    ]);
    expect(options).toEqual([
      { value: 'dddddddddddddddddddddddd', label: 'Atendimento ao clien...' },
      { value: 'eeeeeeeeeeeeeeeeeeeeeeee', label: 'Atendimento ... / Pós-venda e garantia...' },
    ]);
  });
});

describe('employee live updates', () => {
  it('refreshes the employee screens on admin-update-employees and department changes only', () => {
    const refresh = (event: RefreshEvent) => serverFrame('refresh-session', COMPANY, { event });
    expect(employeeKeysForFrame(serverFrame('admin-update-employees', COMPANY, {}))).toEqual([
      employeeKeys.all,
    ]);
    expect(employeeKeysForFrame(refresh('department-delete'))).toEqual([employeeKeys.all]);
    expect(employeeKeysForFrame(refresh('tabulation-create'))).toEqual([]);
    expect(employeeKeysForFrame(serverFrame('tmail-new', COMPANY, {}))).toEqual([]);
  });
});
