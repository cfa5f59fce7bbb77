import { describe, expect, it } from 'vitest';
import type { Department } from '../domain/organization.ts';
import {
  departmentDisplayName,
  flattenDepartments,
  visibleDepartments,
  type DepartmentViewer,
} from './departments.ts';

const ME = 'cccccccccccccccccccccccc';
const dept = (label: string, employees: string[], sub: Department[] = []): Department => ({
  name: label.split('.').at(-1) ?? label,
  label,
  employees,
  sub_departments: sub,
  permission: { view_all_contacts: false },
});
const tree = [dept('Vendas', [ME], [dept('Vendas.Interno', [])]), dept('Suporte', [])];
const all = flattenDepartments(tree);

describe('visible departments (spec point 5)', () => {
  const viewer = (
    role: DepartmentViewer['role'],
    permissions: Record<string, boolean> = {},
  ): DepartmentViewer => ({
    role,
    employeeId: ME,
    permissions,
  });
  it.each([
    {
      clause: 'operator without allow_spies sees only own departments',
      v: viewer('operator'),
      labels: ['Vendas'],
    },
    {
      clause: 'operator with allow_spies sees all',
      v: viewer('operator', { allow_spies: true }),
      labels: ['Vendas', 'Vendas.Interno', 'Suporte'],
    },
    {
      clause: 'manager without manage_allow_spies sees only own',
      v: viewer('manager', { allow_spies: true }),
      labels: ['Vendas'],
    },
    {
      clause: 'manager with manage_allow_spies sees all',
      v: viewer('manager', { manage_allow_spies: true }),
      labels: ['Vendas', 'Vendas.Interno', 'Suporte'],
    },
    { clause: 'admin sees all', v: viewer('admin'), labels: ['Vendas', 'Vendas.Interno', 'Suporte'] },
  ])('$clause', ({ v, labels }) => {
    expect(visibleDepartments(all, v).map((d) => d.label)).toEqual(labels);
  });
});

describe('department name truncation (spec point 3: 20 last level, 12 others)', () => {
  it.each([
    { clause: 'short names untouched', label: 'Vendas.Interno', out: 'Vendas / Interno' },
    {
      clause: 'last level cut at 20',
      label: 'Atendimento ao cliente premium',
      out: 'Atendimento ao clien...',
    },
    {
      clause: 'upper levels cut at 12',
      label: 'Departamento comercial.Pós-venda',
      out: 'Departamento... / Pós-venda',
    },
    { clause: 'exactly 20 characters kept', label: 'abcdefghijklmnopqrst', out: 'abcdefghijklmnopqrst' },
  ])('$clause', ({ label, out }) => {
    expect(departmentDisplayName(label)).toBe(out);
  });
});
