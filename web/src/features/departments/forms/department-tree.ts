import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { departmentDisplayLevels, departmentDisplayName } from '@atende/shared/rules/departments';

export interface DepartmentTreeItem {
  key: string;
  /** The node's own name, cut at the last-level limit (20). */
  name: string;
  /** The whole dotted path as displayed (upper levels cut at 12). */
  path: string;
  node: DepartmentNode;
  children: DepartmentTreeItem[];
}

/** The API tree as the editor shows it; truncation follows shared's department rules. */
export function toTreeItems(tree: readonly DepartmentNode[]): DepartmentTreeItem[] {
  return tree.map((node) => ({
    key: node._id,
    name: departmentDisplayLevels(node.label).at(-1) ?? node.name,
    path: departmentDisplayName(node.label),
    node,
    children: toTreeItems(node.sub_departments),
  }));
}

/** Every department as a parent choice, labelled by its displayed path. */
export function parentChoices(tree: readonly DepartmentNode[]): { value: string; label: string }[] {
  return tree.flatMap((node) => [
    { value: node._id, label: departmentDisplayName(node.label) },
    ...parentChoices(node.sub_departments),
  ]);
}

/** How many departments a delete removes: the node and its whole subtree. */
export const subtreeSize = (node: DepartmentNode): number =>
  1 + node.sub_departments.reduce((total, child) => total + subtreeSize(child), 0);
