import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { describe, expect, it } from 'vitest';
import { insert, membershipsOf, relabel, remove, setMemberships } from './tree.ts';

const node = (id: string, name: string, label = name, employees: string[] = []): DepartmentNode => ({
  _id: id.padStart(24, '0'),
  name,
  label,
  employees,
  sub_departments: [],
  tag_color: '#000000',
  view_all_contacts: false,
});

const root = node('1', 'Vendas', 'Vendas', ['e1']);
const tree = insert(
  insert([root], undefined, node('2', 'Suporte')),
  root._id,
  node('3', 'Online', 'Vendas.Online', ['e1']),
);

describe('department tree', () => {
  it('relabels a whole subtree from a new root label', () => {
    const renamed = relabel(tree[0] as DepartmentNode, 'Comercial');
    expect(renamed.sub_departments[0]?.label).toBe('Comercial.Online');
  });

  it('removes a node with its subtree and reports every removed id', () => {
    const result = remove(tree, root._id);
    expect(result.removed).toEqual([root._id, '3'.padStart(24, '0')]);
    expect(result.tree.map((item) => item.name)).toEqual(['Suporte']);
  });

  it('sets exactly the memberships asked for, at any depth', () => {
    const moved = setMemberships(tree, 'e1', ['2'.padStart(24, '0')]);
    expect(membershipsOf(tree, 'e1')).toEqual([root._id, '3'.padStart(24, '0')]);
    expect(membershipsOf(moved, 'e1')).toEqual(['2'.padStart(24, '0')]);
  });
});
