import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { serverFrame } from '@atende/shared/realtime/server-frame';
import { describe, expect, it } from 'vitest';
import { organizationKeys, organizationKeysForFrame } from '../api/query-keys.ts';
import { parentChoices, subtreeSize, toTreeItems } from './department-tree.ts';

const COMPANY = 'aaaaaaaaaaaaaaaaaaaaaaaa';

const node = (id: string, label: string, children: DepartmentNode[] = []): DepartmentNode => ({
  _id: id.repeat(24),
  name: label.split('.').at(-1) ?? label,
  label,
  employees: [],
  sub_departments: children,
  tag_color: '#1e88e5',
  view_all_contacts: false,
});

const tree = [
  node('a', 'Relacionamento com clientes', [
    node('b', 'Relacionamento com clientes.Suporte técnico de segundo nível', [
      node('c', 'Relacionamento com clientes.Suporte técnico de segundo nível.Redes'),
    ]),
  ]),
  node('d', 'Vendas'),
];

describe('department tree editor', () => {
  it('cuts a node name at 20 characters and upper levels of its path at 12', () => {
    const [root, sales] = toTreeItems(tree);
    expect(root?.name).toBe('Relacionamento com c...');
    expect(root?.path).toBe('Relacionamento com c...');
    const child = root?.children[0];
    expect(child?.name).toBe('Suporte técnico de s...');
    expect(child?.path).toBe('Relacionamen... / Suporte técnico de s...');
    expect(child?.children[0]?.path).toBe('Relacionamen... / Suporte técn... / Redes');
    expect(sales).toMatchObject({ name: 'Vendas', path: 'Vendas', children: [] });
  });

  it('offers every department as a parent, parents before their sub-departments', () => {
    expect(parentChoices(tree).map((choice) => choice.value)).toEqual(
      ['a', 'b', 'c', 'd'].map((id) => id.repeat(24)),
    );
  });

  it('counts the whole subtree a delete removes', () => {
    expect(subtreeSize(tree[0] as DepartmentNode)).toBe(3);
    expect(subtreeSize(tree[1] as DepartmentNode)).toBe(1);
  });

  it('refetches only the list a realtime event names', () => {
    const refresh = (event: 'department-delete' | 'tabulation-update' | 'install-app') =>
      organizationKeysForFrame(serverFrame('refresh-session', COMPANY, { event }));
    expect(refresh('department-delete')).toEqual([organizationKeys.departments]);
    expect(refresh('tabulation-update')).toEqual([organizationKeys.tabulations]);
    expect(refresh('install-app')).toEqual([]);
    expect(organizationKeysForFrame(serverFrame('admin-update-employees', COMPANY, {}))).toEqual([
      organizationKeys.employeeChoices,
      organizationKeys.departments,
    ]);
  });
});
