import { type DepartmentNode, departmentNode } from '@atende/shared/contracts/departments/views';
import * as z from 'zod';

/** Pure operations on the department tree kept on the company record; every one returns a new tree. */

const tree = z.array(departmentNode);

/** The stored tree; an item without departments has none. */
export const readTree = (stored: unknown): DepartmentNode[] => {
  const parsed = tree.safeParse(stored ?? []);
  if (!parsed.success) throw new Error('stored departments do not match the department shape');
  return parsed.data;
};

export const flatten = (nodes: readonly DepartmentNode[]): DepartmentNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.sub_departments)]);

export interface Located {
  node: DepartmentNode;
  parent: DepartmentNode | undefined;
}

export function locate(
  nodes: readonly DepartmentNode[],
  id: string,
  parent?: DepartmentNode,
): Located | undefined {
  for (const node of nodes) {
    if (node._id === id) return { node, parent };
    const found = locate(node.sub_departments, id, node);
    if (found) return found;
  }
  return undefined;
}

/** Applies `change` to the node with the id, wherever it is. */
export function mapNode(
  nodes: readonly DepartmentNode[],
  id: string,
  change: (node: DepartmentNode) => DepartmentNode,
): DepartmentNode[] {
  return nodes.map((node) =>
    node._id === id ? change(node) : { ...node, sub_departments: mapNode(node.sub_departments, id, change) },
  );
}

/** Recomputes the dotted labels below a node from its own label. */
export function relabel(node: DepartmentNode, label: string): DepartmentNode {
  return {
    ...node,
    label,
    sub_departments: node.sub_departments.map((child) => relabel(child, `${label}.${child.name}`)),
  };
}

export function insert(
  nodes: readonly DepartmentNode[],
  parentId: string | undefined,
  node: DepartmentNode,
): DepartmentNode[] {
  if (!parentId) return [...nodes, node];
  return mapNode(nodes, parentId, (parent) => ({
    ...parent,
    sub_departments: [...parent.sub_departments, node],
  }));
}

/** Removes a node with its subtree; answers the new tree and every removed id. */
export function remove(
  nodes: readonly DepartmentNode[],
  id: string,
): { tree: DepartmentNode[]; removed: string[] } {
  const found = locate(nodes, id);
  if (!found) return { tree: [...nodes], removed: [] };
  const removed = flatten([found.node]).map((node) => node._id);
  const prune = (list: readonly DepartmentNode[]): DepartmentNode[] =>
    list
      .filter((node) => node._id !== id)
      .map((node) => ({ ...node, sub_departments: prune(node.sub_departments) }));
  return { tree: prune(nodes), removed };
}

/** Siblings must have distinct names (case and accents ignored) or two labels would read the same. */
export const sameName = (a: string, b: string): boolean =>
  a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }) === 0;

export function siblings(nodes: readonly DepartmentNode[], parentId: string | undefined): DepartmentNode[] {
  if (!parentId) return [...nodes];
  return locate(nodes, parentId)?.node.sub_departments ?? [];
}

/** The departments an employee belongs to. */
export const membershipsOf = (nodes: readonly DepartmentNode[], employeeId: string): string[] =>
  flatten(nodes)
    .filter((node) => node.employees.includes(employeeId))
    .map((node) => node._id);

/** Makes the employee a member of exactly the given departments. */
export function setMemberships(
  nodes: readonly DepartmentNode[],
  employeeId: string,
  departmentIds: readonly string[],
): DepartmentNode[] {
  const wanted = new Set(departmentIds);
  const walk = (list: readonly DepartmentNode[]): DepartmentNode[] =>
    list.map((node) => {
      const others = node.employees.filter((id) => id !== employeeId);
      return {
        ...node,
        employees: wanted.has(node._id) ? [...others, employeeId] : others,
        sub_departments: walk(node.sub_departments),
      };
    });
  return walk(nodes);
}
